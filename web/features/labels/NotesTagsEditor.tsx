import { useEffect, useRef, useState } from "react";
import { errorText } from "../../api/client";
import type { ApiLabel } from "./types";
import { parseTagInput, saveNotesAndTags } from "./labelsApi";

type SaveState = { status: "idle" | "saving" | "saved" } | { status: "error"; message: string };

/** 'Notes & Tags' on the label detail: Saving…, Saved (2 s), or the error. */
export function NotesTagsEditor({ label, onSaved }: { label: ApiLabel; onSaved: (label: ApiLabel) => void }) {
  const [notes, setNotes] = useState(label.notes);
  const [tags, setTags] = useState(label.tags.join(", "));
  const [state, setState] = useState<SaveState>({ status: "idle" });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    clearTimeout(timer.current);
    setState({ status: "saving" });
    try {
      const saved = await saveNotesAndTags(label.id, { notes: notes.trim(), tags: parseTagInput(tags) });
      setNotes(saved.notes);
      setTags(saved.tags.join(", "));
      onSaved(saved);
      setState({ status: "saved" });
      timer.current = setTimeout(() => setState({ status: "idle" }), 2000);
    } catch (err) {
      setState({ status: "error", message: errorText(err, "Failed to save") });
    }
  }

  return (
    <form className="card stack" onSubmit={save} aria-labelledby="notes-tags-title">
      <h2 id="notes-tags-title">Notes &amp; Tags</h2>
      <div className="field">
        <label htmlFor="label-notes">Notes</label>
        <textarea id="label-notes" className="input" rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="label-tags">Tags</label>
        <input id="label-tags" className="input" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="e.g. ebay, gifts" aria-describedby="label-tags-hint" />
        <span id="label-tags-hint" className="hint">
          Comma-separated.
        </span>
      </div>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={state.status === "saving"}>
          {state.status === "saving" ? "Saving…" : "Save"}
        </button>
        <span aria-live="polite" className="small">
          {state.status === "saving" && <span className="muted">Saving…</span>}
          {state.status === "saved" && <span className="badge badge-ok">Saved</span>}
          {state.status === "error" && <span className="text-error" role="alert">{state.message}</span>}
        </span>
      </div>
    </form>
  );
}
