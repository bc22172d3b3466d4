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
}

const TWO_LETTER = /^(XA|XZ|FO|FD|FS|FH|FB|BY|BC|B7|GB|CI|PW|LL|LH)/;

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
    };
  });
}
