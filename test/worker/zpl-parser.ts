// A small ZPL II reader for tests: splits ^XA…^XZ formats into commands and fields, and decodes ^FH hex escapes.

export interface ZplCommand {
  name: string;
  params: string;
}

export interface ZplFormat {
  commands: ZplCommand[];
  /** The decoded field data of the field drawn with this barcode command (BC, B7), if any. */
  barcode(name: string): string | undefined;
  /** The decoded data of every text field (^A). */
  texts(): string[];
  /** Every text field with where it starts (^FO), its font height (^A) and its field block's width (^FB), if any. */
  textFields(): Array<{ x: number; y: number; size: number; width: number | undefined; text: string }>;
  /** The first ^GFA graphic, decoded: where it is, its size in dots and its dots (1 = printed), rows packed. */
  graphic(): { x: number; y: number; width: number; height: number; dots: Uint8Array } | undefined;
}

/**
 * ^GFA hex data in ZPL's alternative compression scheme: G..Y repeat the next digit 1..19 times and g..z 20..400
 * times (counts add up), ',' fills the row with 0, '!' with F, ':' repeats the previous row.
 */
export function decodeGfa(data: string, rowBytes: number): Uint8Array[] {
  const rows: Uint8Array[] = [];
  const width = rowBytes * 2;
  let row = "";
  let count = 0;
  const finish = () => {
    const bytes = new Uint8Array(rowBytes);
    for (let i = 0; i < rowBytes; i++) bytes[i] = Number.parseInt(row.slice(i * 2, i * 2 + 2), 16);
    rows.push(bytes);
    row = "";
  };
  for (const ch of data) {
    if (ch >= "G" && ch <= "Y") count += ch.charCodeAt(0) - 70;
    else if (ch >= "g" && ch <= "z") count += (ch.charCodeAt(0) - 102) * 20;
    else if (ch === ",") row = row.padEnd(width, "0");
    else if (ch === "!") row = row.padEnd(width, "F");
    else if (ch === ":") rows.push(rows.at(-1)!.slice());
    else if (/[0-9A-F]/.test(ch)) {
      row += ch.repeat(count || 1);
      count = 0;
    } else throw new Error(`not ^GFA data: ${ch}`);
    if (row.length > width) throw new Error("a ^GFA row runs past its width");
    if (row.length === width) finish();
  }
  return rows;
}

const TWO_LETTER = /^(XA|XZ|FO|FD|FS|FH|FB|BY|BC|B7|GB|GF|CI|PW|LL|LH)/;

function commandsOf(text: string): ZplCommand[] {
  const out: ZplCommand[] = [];
  for (const part of text.split("^").slice(1)) {
    const two = part.match(TWO_LETTER);
    // ^A takes its font name in the next character (^A0N,24,24): the command is A, the rest its parameters.
    const name = two ? two[1] : part.startsWith("A") ? "A" : part.slice(0, 2);
    out.push({ name, params: part.slice(name.length).replace(/\s+$/, "") });
  }
  return out;
}

/** Field data with ^FH's indicator (default '_') followed by two hex digits decoded to their character. */
function decodeField(data: string, indicator: string | null): string {
  if (indicator === null) return data;
  const bytes: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < data.length; i++) {
    if (data[i] === indicator && /^[0-9A-Fa-f]{2}$/.test(data.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(data.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...enc.encode(data[i]));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Fields: the commands from one ^FO to its ^FS. */
function fieldsOf(commands: ZplCommand[]): ZplCommand[][] {
  const fields: ZplCommand[][] = [];
  let current: ZplCommand[] | null = null;
  for (const c of commands) {
    if (c.name === "FO") current = [c];
    else if (current) {
      current.push(c);
      if (c.name === "FS") {
        fields.push(current);
        current = null;
      }
    }
  }
  return fields;
}

function fieldData(field: ZplCommand[]): string | undefined {
  const fd = field.find((c) => c.name === "FD");
  if (!fd) return undefined;
  const fh = field.find((c) => c.name === "FH");
  return decodeField(fd.params, fh ? fh.params || "_" : null);
}

export function parseZpl(text: string): ZplFormat[] {
  const formats = [...text.matchAll(/\^XA([\s\S]*?)\^XZ/g)].map((m) => `^XA${m[1]}^XZ`);
  return formats.map((body) => {
    const commands = commandsOf(body);
    const fields = fieldsOf(commands);
    return {
      commands,
      barcode: (name) => {
        const field = fields.find((f) => f.some((c) => c.name === name));
        return field ? fieldData(field) : undefined;
      },
      texts: () => fields.filter((f) => f.some((c) => c.name === "A")).map((f) => fieldData(f) ?? ""),
      textFields: () =>
        fields
          .filter((f) => f.some((c) => c.name === "A"))
          .map((f) => {
            const [x, y] = f[0].params.split(",").map(Number);
            const size = Number(f.find((c) => c.name === "A")!.params.slice(1).split(",")[1]);
            const fb = f.find((c) => c.name === "FB");
            return { x, y, size, width: fb ? Number(fb.params.split(",")[0]) : undefined, text: fieldData(f) ?? "" };
          }),
      graphic: () => {
        const field = fields.find((f) => f.some((c) => c.name === "GF"));
        if (!field) return undefined;
        const [x, y] = field[0].params.split(",").map(Number);
        const [kind, total, , rowBytes, ...rest] = field.find((c) => c.name === "GF")!.params.split(",");
        if (kind !== "A") throw new Error("only ASCII hex graphics are read");
        const rows = decodeGfa(rest.join(","), Number(rowBytes));
        if (rows.length * Number(rowBytes) !== Number(total)) throw new Error("the graphic's byte count does not match its rows");
        const dots = new Uint8Array(rows.length * Number(rowBytes));
        for (const [i, r] of rows.entries()) dots.set(r, i * Number(rowBytes));
        return { x, y, width: Number(rowBytes) * 8, height: rows.length, dots };
      },
    };
  });
}
