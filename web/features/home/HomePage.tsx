import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useAuth } from "../../app/auth";
import { Logo } from "../../components/Logo";
import { accountClosedText, type ClosedLocationState } from "../../app/account-closed";

const icon = (path: ReactNode) => (
  <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {path}
  </svg>
);

// Welcome screen benefits.
const BENEFITS = [
  {
    title: "Create custom branded labels",
    icon: icon(<><path d="M3 12V4h8l10 10-8 8z" /><circle cx="7.5" cy="8.5" r="1.5" /></>),
  },
  {
    title: "Get notified when parcels are lost in transit",
    icon: icon(<><path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" /><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" /></>),
  },
  {
    title: "Gain insights into parcel performance and delivery trends",
    icon: icon(<><path d="M3 3v18h18" /><path d="m7 15 4-4 3 3 6-6" /></>),
  },
  {
    title: "No complex setup, just upload label PDFs",
    icon: icon(<><path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" /><path d="M14 2v6h6M12 18v-6M9 15l3-3 3 3" /></>),
  },
];

/**
 * The welcome screen. 'Get Started' goes to /upload (the spec's) for a signed-in visitor; a newcomer has no account to
 * upload with, so it opens the Sign up tab (issue 33), which lands on /upload once the account is made.
 */
export default function HomePage() {
  const { accessToken } = useAuth();
  const closed = (useLocation().state as ClosedLocationState | null)?.accountClosed;
  return (
    <div className="container home">
      {closed && (
        <div className="alert alert-success" role="status">
          {accountClosedText(closed)}
        </div>
      )}
      <section className="hero">
        <Logo size={64} />
        <h1>Parcelhive</h1>
        <p className="hero-lead">A forward-thinking, easy to use parcel intelligence suite.</p>
        <Link to={accessToken ? "/upload" : "/login#signup"} className="btn btn-primary btn-lg">
          Get Started
        </Link>
      </section>
      <ul className="benefits" aria-label="Benefits">
        {BENEFITS.map((b) => (
          <li key={b.title} className="card benefit">
            <span className="benefit-icon">{b.icon}</span>
            <span>{b.title}</span>
          </li>
        ))}
      </ul>
      <p className="muted home-couriers">For UK senders shipping with Evri and Royal Mail.</p>
    </div>
  );
}
