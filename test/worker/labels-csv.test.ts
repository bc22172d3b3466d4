import { describe, expect, it } from "vitest";
import { csvCell, csvRow, parseCsv } from "../../worker/labels/csv";

const cells = (text: string) => parseCsv(text).map((r) => r.cells);

describe("reading CSV", () => {
  it("reads plain fields, CRLF and LF line ends, and a last line without one", () => {
    expect(cells("a,b,c\r\n1,2,3\n4,5,6")).toEqual([
      ["a", "b", "c"],
      ["1", "2", "3"],
      ["4", "5", "6"],
    ]);
  });

  it("reads quoted fields with separators, doubled quotes and embedded newlines, and numbers the lines", () => {
    const records = parseCsv('code,notes\r\nA,"one, two"\r\nB,"say ""hi"""\r\nC,"line 1\r\nline 2\nline 3"\r\nD,x\r\n');
    expect(records.map((r) => r.cells)).toEqual([
      ["code", "notes"],
      ["A", "one, two"],
      ["B", 'say "hi"'],
      ["C", "line 1\r\nline 2\nline 3"],
      ["D", "x"],
    ]);
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 4, 7]);
  });

  it("drops a UTF-8 byte order mark", () => {
    expect(cells("\uFEFFtracking_code,courier\nX,evri")[0]).toEqual(["tracking_code", "courier"]);
  });

  it("takes ';' as the separator when the header uses it (Excel in many locales)", () => {
    expect(cells('a;b;c\n1;"2;3";4,5')).toEqual([
      ["a", "b", "c"],
      ["1", "2;3", "4,5"],
    ]);
  });

  it("skips empty lines, keeps empty cells", () => {
    expect(cells("a,b\n\n1,\r\n\r\n,2\n\n")).toEqual([
      ["a", "b"],
      ["1", ""],
      ["", "2"],
    ]);
  });

  it("keeps a quote inside an unquoted field as text", () => {
    expect(cells('a,b\n5" tube,x')).toEqual([
      ["a", "b"],
      ['5" tube', "x"],
    ]);
  });

  it("refuses a quoted field that is never closed, naming its line", () => {
    expect(() => parseCsv('a,b\n1,2\n3,"open\nstill open')).toThrow("Line 3: a quoted field is never closed.");
  });

  it("reads back what it writes", () => {
    const row = ["plain", "a,b", 'q"uote', "multi\r\nline", ""];
    expect(cells(csvRow(row) + csvRow(["x"]))).toEqual([row, ["x"]]);
  });
});

describe("writing CSV", () => {
  it("quotes only what needs it", () => {
    expect(csvCell("abc")).toBe("abc");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(750)).toBe("750");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(csvCell("=SUM(A1:A2)")).toBe("'=SUM(A1:A2)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("a=b")).toBe("a=b");
  });
});
