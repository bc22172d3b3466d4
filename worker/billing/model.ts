import { z } from "zod";

/**
 * What GET /api/v1/billing/prices answers (worker/billing/prices.ts builds it): a schema for the API reference and
 * the answer checks, and the type the web app imports (types only).
 */

/** The purchase options, as checkout takes them. */
export const SKUS = ["one_off_pack", "basic_plan"] as const;
export type Sku = (typeof SKUS)[number];

const priceSchema = z.object({
  amount: z.number().int().describe("In the currency's minor unit (pence)"),
  currency: z.string().describe("ISO currency code, lower case (gbp)"),
  interval: z.string().nullable().describe("month, year…; null for a one-off payment"),
  text: z.string().describe("As shown: '£15.00', '£10.00 a month'"),
  perCredit: z.string().describe("What one credit costs: '7.5p a credit'"),
});

export const purchasePricesSchema = z.object({
  configured: z.boolean().describe("Stripe is set up on this server (a secret key); false: nothing can be bought"),
  options: z.array(
    z.object({
      sku: z.enum(SKUS),
      credits: z.number().int(),
      available: z.boolean().describe("This option has a Stripe price configured and can be bought"),
      price: priceSchema.nullable().describe("null when not available, or when Stripe could not be asked and nothing is cached"),
    }),
  ),
});
export type PurchasePrices = z.infer<typeof purchasePricesSchema>;
export type Price = z.infer<typeof priceSchema>;

/** What GET /api/v1/billing/checkout-sessions/{id} answers: whether a checkout was paid and its credits are in. */
export const checkoutOutcomeSchema = z.object({
  sku: z.enum(SKUS).nullable().describe("What was bought; null for a session this server did not open"),
  credits: z.number().int().describe("What it grants: 200 for the pack, 130 a month for the plan (0 when unknown)"),
  status: z.enum(["open", "complete", "expired"]).describe("Stripe's: open (not paid yet or left), complete, expired"),
  paid: z.boolean().describe("Stripe says the payment was made (a delayed payment method can complete unpaid, and pay later)"),
  credited: z.boolean().describe("Its credits are in the balance (granted once Stripe's signed event arrived)"),
});
export type CheckoutOutcome = z.infer<typeof checkoutOutcomeSchema>;
