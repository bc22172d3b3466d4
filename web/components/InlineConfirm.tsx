import { useId } from "react";

/**
 * A question asked in place before an action that cannot be taken back (regenerate a key or an
 * address, delete an endpoint): the confirming button takes the focus, Cancel closes it.
 */
export function InlineConfirm({ question, confirm, onConfirm, onCancel }: { question: string; confirm: string; onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  return (
    <div className="alert alert-warning" role="alertdialog" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className="row">
        <button type="button" className="btn btn-primary btn-sm" onClick={onConfirm} autoFocus>
          {confirm}
        </button>
        <button type="button" className="btn btn-sm" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
