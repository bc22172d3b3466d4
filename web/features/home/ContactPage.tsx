import { PageHeader } from "../../components/PageHeader";

/** /contact: where the privacy policy sends people with questions about their data. */
export default function ContactPage() {
  return (
    <div className="container medium">
      <PageHeader title="Contact us" subtitle="Questions about your account, billing or your data? We read every message." />
      <div className="card stack">
        <div>
          <h2>Support</h2>
          <p>
            Email <a href="mailto:support@parcelhive.app">support@parcelhive.app</a>. We aim to reply within one working day.
          </p>
        </div>
        <div>
          <h2>Privacy and data requests</h2>
          <p>
            To access, correct or delete your personal data, email <a href="mailto:privacy@parcelhive.app">privacy@parcelhive.app</a> from
            the address on your account. We answer within one month, as UK GDPR requires.
          </p>
        </div>
        <div>
          <h2>Post</h2>
          <p className="muted">Parcelhive Ltd, registered in England and Wales.</p>
        </div>
      </div>
    </div>
  );
}
