/** The texts of closing an account (Settings), in one place. */
export const CLOSE_TEXTS = {
  title: "Close account",
  intro: "Closing your account deletes it for good. It cannot be undone.",
  subscription: "Your monthly subscription is cancelled with Stripe first: you will not be charged again.",
  points: [
    "Your labels, their files and tracking, your credits and their history, your settings, banner, import address, API key and webhooks are deleted.",
    "Your buyers' tracking pages stop working at once, and no more e-mails go to them.",
    "Credits you have left are lost: they are not refunded. Stripe keeps the records of what you paid.",
    "You can download a copy of your data first. You can sign up again with the same e-mail later: it will be a new, empty account.",
  ],
  button: "Close my account…",
  dialogTitle: "Close your account for good?",
  dialogLead: "Enter your password to confirm. We will send a confirmation to your e-mail address.",
  password: "Password",
  passwordRequired: "Enter your password.",
  confirm: "Close my account",
  closing: "Closing…",
  failed: "Could not close your account. Nothing was changed.",
} as const;
