import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { AddressFields, AddressFormEnd, UK_POSTCODE, draftOf, isBlank, namedAddressError, toAddress, useCorrectionSave, type AddressDraft, type AddressError } from "./AddressFields";
import { details, senderAddress } from "./format";
import type { ApiLabel, LabelCorrection } from "./types";

/** What the recipient needs before a label can print: a name, a street line, a UK postcode. */
function recipientError(d: AddressDraft): AddressError | undefined {
  if (!d.name.trim()) return { field: "name", message: "Add the recipient's name." };
  if (!toAddress(d).address.length) return { field: "lines", message: "Add the recipient's address: at least the street." };
  if (!UK_POSTCODE.test(d.postcode.trim())) return { field: "postcode", message: "Recipient postcode must be a UK postcode." };
  return undefined;
}

/**
 * Asked on the print view before a label without a recipient name and address prints (a manual or CSV label has
 * only the postcode): the recipient, and the sender too when the label has none (optional: the From box then
 * prints empty). Saved on the label through the corrections call (free, marked 'edited by you'); `onSaved` then
 * prints it.
 */
export function PrintRecipientForm({ label, askSender, onSaved }: { label: ApiLabel; askSender: boolean; onSaved: (l: ApiLabel) => void }) {
  const [recipient, setRecipient] = useState(draftOf(details(label).address));
  const [sender, setSender] = useState(draftOf(senderAddress(label)));
  const [errors, setErrors] = useState<{ recipient?: AddressError; sender?: AddressError }>({});
  const correction = useCorrectionSave(label, onSaved);

  async function save(e: FormEvent) {
    e.preventDefault();
    const found = { recipient: recipientError(recipient), sender: askSender ? namedAddressError("Sender", sender) : undefined };
    setErrors(found);
    if (found.recipient || found.sender) return;
    const body: LabelCorrection = { address: toAddress(recipient) };
    if (askSender && !isBlank(sender)) body.fromAddress = toAddress(sender);
    await correction.save(body);
  }

  return (
    <form className="card stack print-recipient-form" onSubmit={save} aria-labelledby="print-recipient-title" noValidate>
      <h1 id="print-recipient-title">Who is this parcel going to?</h1>
      <p>
        Label <span className="mono">{label.trackingCode}</span> has no recipient name and address, only a postcode: a courier cannot deliver it
        like that. Add them to print the label. They are saved on the label, free.
      </p>
      <div className="print-recipient-grid">
        <AddressFields id="print-recipient" title="Recipient" draft={recipient} onChange={setRecipient} error={errors.recipient} />
        {askSender && (
          <div className="stack">
            <AddressFields id="print-sender" title="Sender (optional)" draft={sender} onChange={setSender} error={errors.sender} />
            <p className="small muted">Left empty, the label prints with an empty From box.</p>
          </div>
        )}
      </div>
      <AddressFormEnd
        error={correction.error}
        saving={correction.saving}
        saveText="Save and print"
        cancel={
          <Link className="btn" to={`/label/${encodeURIComponent(label.id)}`}>
            Cancel
          </Link>
        }
      />
    </form>
  );
}
