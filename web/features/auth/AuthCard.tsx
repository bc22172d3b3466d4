import type { ReactNode } from "react";
import { Logo } from "../../components/Logo";

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, lead, children, wide }: { title?: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`container auth-page${wide ? " auth-page-wide" : ""}`}>
      <div className="card auth-card">
        <div className="auth-mark">
          <Logo size={40} />
        </div>
        {title && <h1 className="auth-title">{title}</h1>}
        {lead && <p className="muted auth-lead">{lead}</p>}
        {children}
      </div>
    </div>
  );
}

/** A form error, announced to screen readers as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="alert alert-error" role="alert">
      {message}
    </div>
  );
}
