/** Admins are the accounts whose email is listed in ADMIN_EMAILS (comma or space separated). */
export function isAdminEmail(env: Pick<Env, "ADMIN_EMAILS">, email: string): boolean {
  const admins = (env.ADMIN_EMAILS ?? "")
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return admins.includes(email.trim().toLowerCase());
}
