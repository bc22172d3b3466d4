// Writes a Tesseract .traineddata holding only what the LSTM engine reads when the system word list
// is off: the network, its character set and recoder, and the punctuation and number patterns.
// worker/label-import/ocr/latin.traineddata.bin was made by it from Debian's Latin script model
// (88 MB, nearly all of it the word list of every Latin-script language; 568 KB after):
//
//   apt-get download tesseract-ocr-script-latn && dpkg-deb -x tesseract-ocr-script-latn_*.deb latn
//   node scripts/ocr-lstm-model.mjs latn/usr/share/tesseract-ocr/5/tessdata/Latin.traineddata \
//     worker/label-import/ocr/latin.traineddata.bin
//
// The file is a table of 64-bit offsets, one per component kind (-1: absent), then the components.
import { readFileSync, writeFileSync } from "node:fs";

const KEEP = new Map([
  [17, "lstm"],
  [18, "lstm-punc-dawg"],
  [20, "lstm-number-dawg"],
  [21, "lstm-unicharset"],
  [22, "lstm-recoder"],
  [23, "version"],
]);

const [from, to] = process.argv.slice(2);
if (!from || !to) throw new Error("usage: node scripts/ocr-lstm-model.mjs <in.traineddata> <out>");
const src = readFileSync(from);
const count = src.readInt32LE(0);
const offsets = Array.from({ length: count }, (_, i) => Number(src.readBigInt64LE(4 + 8 * i)));
const parts = offsets.map((start, i) => {
  if (start < 0 || !KEEP.has(i)) return null;
  const end = Math.min(src.length, ...offsets.filter((o) => o > start));
  return src.subarray(start, end);
});
const head = Buffer.alloc(4 + 8 * count);
head.writeInt32LE(count, 0);
let at = head.length;
parts.forEach((p, i) => {
  head.writeBigInt64LE(BigInt(p ? at : -1), 4 + 8 * i);
  if (p) at += p.length;
});
writeFileSync(to, Buffer.concat([head, ...parts.filter(Boolean)]));
for (const [i, name] of KEEP) console.log(`${name}: ${parts[i]?.length ?? "absent"} bytes`);
