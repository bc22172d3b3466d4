import { useEffect, useRef, useState, type FormEvent } from "react";
import { AddressFields, AddressFormEnd, UK_POSTCODE, draftOf, isBlank, namedAddressError, toAddress, useCorrectionSave, type AddressDraft, type AddressError } from "./AddressFields";
import { SourceBadge } from "./SourceBadge";
import { BUYER_EMAIL_ERROR, BUYER_EMAIL_HINT, isBuyerEmail } from "./buyerTexts";
import { details, senderAddress } from "./format";
import type { ApiLabel, LabelCorrection } from "./types";

type Errors = Partial<Record<"recipient" | "sender" | "return", AddressError> & Record<"weight" | "declared" | "buyerEmail", string>>;

/** Pounds with at most two decimals, 0 to 100,000 (the server checks the same). */
const POUNDS = /^\d{1,6}(\.\d{1,2})?$/;
const DECLARED_ERROR = "Declared value must be an amount in pounds from 0 to 100,000, with at most two decimals.";
const poundsText = (pence: number | null | undefined) => (typeof pence === "number" ? (pence / 100).toFixed(2) : "");

/** What the form checks before sending; the server checks the same again. */
function check(recipient: AddressDraft, sender: AddressDraft, ret: AddressDraft, weight: string, declared: string, buyerEmail: string): Errors {
  const errors: Errors = {};
  if (!isBlank(recipient) && !UK_POSTCODE.test(recipient.postcode.trim())) errors.recipient = { field: "postcode", message: "Recipient postcode must be a UK postcode." };
  const senderError = namedAddressError("Sender", sender);
  if (senderError) errors.sender = senderError;
  const returnError = namedAddressError("Return address", ret);
  if (returnError) errors.return = returnError;
  if (weight.trim() && !/^\d{1,7}$/.test(weight.trim())) errors.weight = "Weight must be a whole number of grams.";
  const pounds = declared.trim().replace(/^£/, "");
  if (pounds && (!POUNDS.test(pounds) || Number(pounds) > 100_000)) errors.declared = DECLARED_ERROR;
  if (buyerEmail.trim() && !isBuyerEmail(buyerEmail)) errors.buyerEmail = BUYER_EMAIL_ERROR;
  return errors;
}

/**
 * 'Edit details': the recipient, sender, return address, service and weight, for when the reader
 * got them wrong, the declared value a claim is made for, and the buyer's e-mail for tracking mails. Free of charge; each saved field then shows 'edited by you'. An emptied address
 * is cleared.
 */
export function DetailsEditor({ label, onSaved, onCancel }: { label: ApiLabel; onSaved: (l: ApiLabel) => void; onCancel: () => void }) {
  const d = details(label);
  const src = d.fieldSources ?? {};
  const initial = {
    recipient: draftOf(d.address),
    sender: draftOf(senderAddress(label)),
    ret: draftOf(d.returnAddress),
    service: d.classId ?? d.serviceName ?? d.serviceCode ?? "",
    weight: d.weightInGrams ? String(d.weightInGrams) : "",
    declared: poundsText(d.declaredValuePence),
    buyerEmail: label.buyerEmail ?? "",
    buyerNotifications: label.buyerNotifications ?? true,
  };
  const [recipient, setRecipient] = useState(initial.recipient);
  const [sender, setSender] = useState(initial.sender);
  const [ret, setRet] = useState(initial.ret);
  const [service, setService] = useState(initial.service);
  const [weight, setWeight] = useState(initial.weight);
  const [declared, setDeclared] = useState(initial.declared);
  const [buyerEmail, setBuyerEmail] = useState(initial.buyerEmail);
  const [buyerNotifications, setBuyerNotifications] = useState(initial.buyerNotifications);
  const [errors, setErrors] = useState<Errors>({});
  const correction = useCorrectionSave(label, onSaved);
  const saving = correction.saving;
  // The form opens below the label's card (on a phone, below the screen) and the button that opened it goes: its
  // heading takes the focus, which brings it into view and tells a screen reader where the user now is.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = check(recipient, sender, ret, weight, declared, buyerEmail);
    setErrors(found);
    if (Object.keys(found).length) return;
    // Only what the user changed is sent, so only that is marked 'edited by you'.
    const same = (a: AddressDraft, b: AddressDraft) => JSON.stringify(toAddress(a)) === JSON.stringify(toAddress(b));
    const body: LabelCorrection = {};
    if (!same(recipient, initial.recipient)) body.address = isBlank(recipient) ? null : toAddress(recipient);
    if (!same(sender, initial.sender)) body.fromAddress = isBlank(sender) ? null : toAddress(sender);
    if (!same(ret, initial.ret)) body.returnAddress = isBlank(ret) ? null : toAddress(ret);
    if (service.trim() !== initial.service.trim()) body.service = service.trim() ? service.trim() : null;
    if (weight.trim() !== initial.weight.trim()) body.weightInGrams = weight.trim() ? Number(weight.trim()) : null;
    const pounds = declared.trim().replace(/^£/, "");
    if (pounds !== initial.declared) body.declaredValue = pounds ? Number(pounds) : null;
    if (buyerEmail.trim() !== initial.buyerEmail) body.buyerEmail = buyerEmail.trim() ? buyerEmail.trim() : null;
    if (buyerNotifications !== initial.buyerNotifications) body.buyerNotifications = buyerNotifications;
    if (Object.keys(body).length === 0) return onCancel();
    await correction.save(body);
  }

  return (
    <form className="card stack details-editor" onSubmit={save} aria-labelledby="details-editor-title" noValidate>
      <h2 id="details-editor-title" ref={heading} tabIndex={-1}>
        Edit details
      </h2>
      <p className="muted small">Correct what was read wrongly from the label. Saving is free.</p>
      <div className="address-grid three">
        <AddressFields id="edit-sender" title="Sender" draft={sender} onChange={setSender} error={errors.sender} source={src.fromAddress} />
        <AddressFields id="edit-recipient" title="Recipient" draft={recipient} onChange={setRecipient} error={errors.recipient} source={src.address} />
        <AddressFields id="edit-return" title="Return address" draft={ret} onChange={setRet} error={errors.return} source={src.returnAddress} />
      </div>
      <div className="row details-editor-facts">
        <div className="field">
          <label htmlFor="edit-service">
            Service <SourceBadge source={src.service} />
          </label>
          <input id="edit-service" className="input" value={service} onChange={(e) => setService(e.target.value)} placeholder="e.g. Tracked 48, NEXT DAY" />
        </div>
        <div className="field">
          <label htmlFor="edit-weight">
            Weight (g) <SourceBadge source={src.weightInGrams} />
          </label>
          <input id="edit-weight" className="input" inputMode="numeric" value={weight} onChange={(e) => setWeight(e.target.value)} aria-invalid={Boolean(errors.weight)} aria-describedby={errors.weight ? "edit-weight-error" : undefined} />
          {errors.weight && (
            <p id="edit-weight-error" className="field-error" role="alert">
              {errors.weight}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="edit-declared">Declared value (£)</label>
          <input
            id="edit-declared"
            className="input"
            inputMode="decimal"
            value={declared}
            onChange={(e) => setDeclared(e.target.value)}
            placeholder="e.g. 49.99"
            aria-invalid={Boolean(errors.declared)}
            aria-describedby={errors.declared ? "edit-declared-error" : undefined}
          />
          {errors.declared && (
            <p id="edit-declared-error" className="field-error" role="alert">
              {errors.declared}
            </p>
          )}
        </div>
      </div>
      <fieldset className="choice-group">
        <legend className="label">Buyer</legend>
        <div className="field">
          <label htmlFor="edit-buyer-email">Buyer's e-mail</label>
          <input
            id="edit-buyer-email"
            className="input"
            type="email"
            autoComplete="off"
            value={buyerEmail}
            onChange={(e) => setBuyerEmail(e.target.value)}
            aria-invalid={Boolean(errors.buyerEmail)}
            aria-describedby={errors.buyerEmail ? "edit-buyer-email-error" : "edit-buyer-email-hint"}
          />
          {errors.buyerEmail ? (
            <p id="edit-buyer-email-error" className="field-error" role="alert">
              {errors.buyerEmail}
            </p>
          ) : (
            <span id="edit-buyer-email-hint" className="hint">
              {BUYER_EMAIL_HINT}
            </span>
          )}
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={buyerNotifications} onChange={(e) => setBuyerNotifications(e.target.checked)} /> Send this buyer tracking e-mails
        </label>
      </fieldset>
      <AddressFormEnd
        error={correction.error}
        saving={saving}
        saveText="Save details"
        cancel={
          <button type="button" className="btn" onClick={onCancel} disabled={saving}>
            Cancel
          </button>
        }
      />
    </form>
  );
}
