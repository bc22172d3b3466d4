import { formatNumber } from "../../components/numbers";
/** The texts of deleting labels and of Recently deleted, in one place. */

const labels = (n: number) => `${formatNumber(n)} ${n === 1 ? "label" : "labels"}`;

export const DELETE_TEXTS = {
  button: "Delete",
  title: (n: number, code?: string) => (n === 1 && code ? `Delete label ${code}?` : `Delete ${labels(n)}?`),
  leaves: (n: number) =>
    n === 1
      ? "It leaves your labels, search and analytics now, and its buyer tracking page stops working."
      : "They leave your labels, search and analytics now, and their buyer tracking pages stop working.",
  restore: (n: number, days: number) => `You can restore ${n === 1 ? "it" : "them"} from Recently deleted for ${days} days. After that ${n === 1 ? "it is" : "they are"} deleted for good, with ${n === 1 ? "its file" : "their files"}.`,
  credits: (n: number) =>
    n === 1
      ? "Credits are not refunded: the credit this label used stays spent."
      : `Credits are not refunded: the ${formatNumber(n)} credits these labels used stay spent.`,
  confirm: (n: number) => (n === 1 ? "Delete label" : `Delete ${labels(n)}`),
  deleting: "Deleting…",
  failed: "Could not delete. Nothing was deleted.",
  deleted: (n: number) => `${labels(n)} deleted.`,
  running: (done: number, total: number) => `Deleting ${labels(total)}… ${formatNumber(done)} done.`,
  undo: "Undo",
  undoing: "Restoring…",
  restoredBack: (n: number) => `${labels(n)} restored.`,
  recentlyDeleted: "Recently deleted",
  dismiss: "Dismiss",
} as const;

export const RECENTLY_DELETED_TEXTS = {
  title: "Recently deleted",
  subtitle: (days: number) => `Deleted labels wait here for ${days} days, then they are deleted for good with their original files. Restoring brings back every detail, tag and file; a shared tracking page gets a new link.`,
  back: "Back to all labels",
  loading: "Loading deleted labels…",
  failed: "Failed to load deleted labels",
  empty: "Nothing deleted in the last 30 days.",
  restore: "Restore",
  restoreSelected: (n: number) => `Restore ${labels(n)}`,
  restoreAll: "Restore all",
  deleteNow: "Delete now",
  deleteSelected: (n: number) => `Delete ${labels(n)} now`,
  deleteAll: "Delete all now",
  purgeTitle: (n: number) => `Delete ${labels(n)} for good?`,
  purgeBody: "They and their original files are deleted now and cannot be restored. Credits are not refunded.",
  purgeConfirm: (n: number) => `Delete ${labels(n)} for good`,
  until: "Restorable until",
  deletedOn: "Deleted",
  recipient: "Recipient",
  select: (code: string) => `Select deleted label ${code}`,
  selectPage: "Select all on this page",
  restored: (n: number) => `${labels(n)} restored.`,
  notRestored: (n: number) =>
    `${labels(n)} could not be restored: ${n === 1 ? "its tracking code is" : "their tracking codes are"} among your labels again. Delete ${n === 1 ? "that label" : "those labels"} first to restore ${n === 1 ? "this one" : "these"}.`,
  purged: (n: number) => `${labels(n)} deleted for good.`,
  restoring: (done: number, total: number) => `Restoring ${labels(total)}… ${formatNumber(done)} done.`,
  purging: (done: number, total: number) => `Deleting ${labels(total)} for good… ${formatNumber(done)} done.`,
  actionFailed: "That did not work. Nothing was changed.",
} as const;
