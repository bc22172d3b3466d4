/**
 * How long personal data is kept while an account is open (docs/your-data.md; the privacy page says the same):
 * - a buyer's e-mail and any phone number or e-mail on a label: 90 days after delivery (or after its last scan when
 *   it never arrived), and never while the carrier's claim window is open;
 * - the recipient's address: as long as the seller chooses in Settings, counted the same way (default: until the
 *   label is deleted), then redacted to the postcode district;
 * - the admin mailbox: ADMIN_MAIL_RETENTION_DAYS.
 */
export const BUYER_CONTACT_DAYS = 90;

/** The periods a seller may choose for recipients' addresses (days); null keeps them until the label is deleted. */
export const ADDRESS_RETENTION_CHOICES = [null, 30, 90, 180, 365, 730] as const;
export type AddressRetentionDays = (typeof ADDRESS_RETENTION_CHOICES)[number];

export interface RetentionSettings {
  /** Days after delivery a buyer's e-mail and phone are kept (fixed). */
  buyerContactDays: number;
  /** Days after delivery the recipient's address is kept; null: until the label is deleted. */
  addressRetentionDays: AddressRetentionDays;
}

export function retentionSettingsOf(user: { addressRetentionDays: number | null }): RetentionSettings {
  const chosen = ADDRESS_RETENTION_CHOICES.find((d) => d === user.addressRetentionDays) ?? null;
  return { buyerContactDays: BUYER_CONTACT_DAYS, addressRetentionDays: chosen };
}
