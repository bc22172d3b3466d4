// The buyer mail texts the label screens, the manual form and Settings share.

export { BUYER_MOMENTS, MOMENT_NAMES } from "../../../shared/buyer-mail";

export const BUYER_EMAIL_HINT = "For tracking e-mails in your name at the moments you choose in Settings. Shown only to you; never in exports unless you ask.";
export const BUYER_EMAIL_ERROR = "Buyer's e-mail must be an e-mail address.";

/** What the forms check of a buyer's e-mail before sending (the server checks it properly). */
export const isBuyerEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
