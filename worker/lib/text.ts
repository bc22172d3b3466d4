/**
 * What text a user types may hold. Names, taglines, tags, address lines, subjects are one line: no control character
 * at all (a line break in a company name went on to a mail's From and Subject, and added headers there) and no
 * Unicode line or paragraph separator. Notes are many lines: line breaks and tabs, no other control character.
 * Fields refuse the rest with a 400 (zod refinements below); the mailer strips them again (lib/mailer.ts).
 */

const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;
const NOT_TEXT = /[^\P{Cc}\t\n\r]|[\u2028\u2029]/u;

export const ONE_LINE_MESSAGE = "must be one line of text, without line breaks or control characters";
export const TEXT_MESSAGE = "must not contain control characters";

export const isOneLine = (s: string) => !NOT_ONE_LINE.test(s);
export const isPlainText = (s: string) => !NOT_TEXT.test(s);

/** `.refine(...oneLine("company_name"))`: the message names the field as the API's other messages do. */
export const oneLine = (field: string) => [isOneLine, `${field} ${ONE_LINE_MESSAGE}`] as const;
export const plainText = (field: string) => [isPlainText, `${field} ${TEXT_MESSAGE}`] as const;
