// Over ~300 lines on purpose: the legal text itself, kept whole so it reads as one document.
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * The Terms of Service and Privacy Policy: 14 and 10 sections. Plain
 * English, for Parcelhive Ltd, a company registered in England and Wales.
 */

export const LAST_UPDATED = "Last updated: 18 September 2025";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          Parcelhive is provided by Parcelhive Ltd, a company registered in England and Wales (“Parcelhive”, “we”, “us”, “our”). These terms
          are a contract between you and us and apply whenever you use the Parcelhive website, app or API (the “Service”).
        </p>
        <p>
          Please read them carefully. By creating an account or using the Service you agree to these terms and to our Privacy Policy. If you
          do not agree, do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <>
        <p>
          You must be at least 18 years old and able to enter into a binding contract to use the Service. If you use the Service on behalf of
          a business, you confirm that you have authority to bind that business to these terms, and “you” includes that business.
        </p>
        <p>The Service is designed for senders in the United Kingdom who ship with Evri and Royal Mail.</p>
      </>
    ),
  },
  {
    id: "account-security",
    title: "Your account and security",
    body: (
      <>
        <p>
          You must give a valid email address that you control and keep your details accurate. You are responsible for keeping your password
          and any developer API key secret, and for everything done with your account or key.
        </p>
        <p>
          Tell us straight away if you think someone else has used your account. We may suspend access, revoke API keys or ask you to reset
          your password if we believe your account is at risk.
        </p>
      </>
    ),
  },
  {
    id: "credits-billing",
    title: "Credits, billing and refunds",
    body: (
      <>
        <p>
          Processing or creating a label uses credits. Accounts with a verified email address receive 50 free credits once; further credits are
          bought as a one-off pack or through a monthly subscription. Prices are shown before you pay and include VAT where it applies.
          Payments are handled by our payment provider, Stripe; we never see your full card details.
        </p>
        <p>
          A subscription renews each month until you cancel it; cancelling stops future payments and you keep credits already added. Credits
          have no cash value, cannot be transferred and are not refundable once used. If you are a consumer you may cancel a purchase within
          14 days for a refund of any unused credits from that purchase. Nothing in these terms affects your statutory rights.
        </p>
      </>
    ),
  },
  {
    id: "content-uploads",
    title: "Your content and uploads",
    body: (
      <>
        <p>
          You keep ownership of the label files, notes, images and other material you upload (“your content”). You give us a licence to
          store, copy and process your content only as needed to run the Service for you, including reading labels, fetching tracking updates
          and producing printable labels.
        </p>
        <p>
          You confirm that you have the right to upload your content and that it includes personal data (such as recipients’ names and
          addresses) only where you are allowed to share it with us for this purpose. Do not upload anything unlawful, harmful or that you are
          not permitted to share.
        </p>
      </>
    ),
  },
  {
    id: "service-specifics",
    title: "Service specifics",
    body: (
      <>
        <p>
          Label reading is automated and may make mistakes. Tracking information comes from the couriers and may be late, incomplete or
          unavailable; a “potentially lost” flag is our estimate based on that information, not a statement by the courier. Always check
          important details against the courier’s own records.
        </p>
        <p>
          Parcelhive is not a courier, is not affiliated with Evri or Royal Mail, and is not responsible for the carriage of your parcels.
          Claims about lost or damaged parcels must be made to the courier under its own terms.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You must not:</p>
        <ul>
          <li>break the law, infringe anyone’s rights or use the Service to send spam;</li>
          <li>try to get into accounts, systems or data that are not yours, or probe, scan or test the Service’s security without permission;</li>
          <li>overload the Service, get round rate limits, or scrape it other than through the documented API;</li>
          <li>upload malware, or reverse engineer the Service except where the law allows it;</li>
          <li>resell the Service or use it to build a competing product without our written agreement.</li>
        </ul>
      </>
    ),
  },
  {
    id: "availability",
    title: "Availability and changes",
    body: (
      <>
        <p>
          We work to keep the Service available and secure, but we do not promise that it will be uninterrupted or error-free. We may need to
          suspend it for maintenance, security or reasons outside our control.
        </p>
        <p>
          We may change the Service and these terms. If a change to these terms materially affects you, we will tell you by email or in the
          Service at least 14 days before it takes effect. If you continue to use the Service after that, the new terms apply.
        </p>
      </>
    ),
  },
  {
    id: "data-protection",
    title: "Data protection",
    body: (
      <>
        <p>
          We handle your personal data as described in our Privacy Policy and in line with the UK GDPR and the Data Protection Act 2018. For
          personal data of your recipients that you upload, you are the controller and we act as your processor: we process it only on your
          instructions (to provide the Service), keep it confidential and secure, and delete it when you delete it or close your account.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <>
        <p>
          You may stop using the Service and ask us to close your account at any time. We may suspend or close your account if you seriously or
          repeatedly break these terms, if required by law, or if your account has been inactive for more than 24 months, giving you notice
          where we reasonably can.
        </p>
        <p>When your account closes, your right to use the Service ends and unused credits lapse, except as required by law.</p>
      </>
    ),
  },
  {
    id: "disclaimers",
    title: "Disclaimers",
    body: (
      <>
        <p>
          The Service is provided “as is” and “as available”. To the extent the law allows, we exclude all terms, conditions and warranties that
          are not set out in these terms, including any about fitness for a particular purpose. If you are a consumer, you have legal rights in
          relation to services that are not performed with reasonable care and skill; nothing here affects those rights.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <>
        <p>
          Nothing in these terms limits or excludes liability for death or personal injury caused by negligence, for fraud or fraudulent
          misrepresentation, or for anything else that cannot be limited or excluded by law.
        </p>
        <p>
          Subject to that, we are not liable for loss of profit, revenue, business, goodwill or data, or for any indirect or consequential loss,
          or for lost, late or damaged parcels. Our total liability to you arising out of or in connection with the Service and these terms in
          any circumstances is capped at the amounts you paid us in the 3 months before the event giving rise to the claim.
        </p>
      </>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <>
        <p>
          These terms and any dispute or claim arising out of or in connection with them are governed by the law of England and Wales. The
          courts of England and Wales have exclusive jurisdiction, except that if you are a consumer living in Scotland or Northern Ireland you
          may also bring proceedings in your local courts.
        </p>
        <p>
          Please contact us first if you have a complaint: most problems can be sorted out quickly. If any part of these terms is found to be
          unenforceable, the rest remains in force.
        </p>
      </>
    ),
  },
  {
    id: "access-termination",
    title: "Access termination (the parcel clause)",
    body: (
      <>
        <p>
          We reserve the right to end access for anyone who attempts to ship a parcel to the Moon, uploads a photograph of their cat as a
          shipping label more than three times, or names a tag “definitely not lost” on a parcel that has not been scanned since last winter.
          We will be sad about it, and so will the cat.
        </p>
        <p className="muted small">
          This clause is a joke. It does not add to or change the grounds for termination in the “Termination” section above.
        </p>
      </>
    ),
  },
];

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: "privacy-contact",
    title: "Who we are and how to contact us",
    body: (
      <>
        <p>
          Parcelhive Ltd, a company registered in England and Wales, is the controller of the personal data described in this policy. If you
          have questions about it or want to use your rights, please reach us through our <Link to="/contact">contact page</Link>.
        </p>
      </>
    ),
  },
  {
    id: "data-collected",
    title: "Data we collect",
    body: (
      <>
        <ul>
          <li>
            <strong>Account data:</strong> your email address, a salted hash of your password (never the password itself), whether your email is
            verified, and your marketing choice.
          </li>
          <li>
            <strong>Label data:</strong> the files you upload and what we read from them, including sender and recipient names, addresses and
            postcodes, tracking codes, weights, dimensions, notes and tags, the tracking events we fetch from couriers, and the e-mail
            addresses of buyers you add for tracking e-mails.
          </li>
          <li>
            <strong>Branding:</strong> the company name, tagline and banner image you choose to add.
          </li>
          <li>
            <strong>Billing data:</strong> your credit balance and purchase history. Card details are collected by Stripe, not by us.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser details and request logs, used for security, rate limiting and fixing faults.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "lawful-bases",
    title: "Lawful bases",
    body: (
      <>
        <p>We use your data only where the UK GDPR allows it:</p>
        <ul>
          <li>
            <strong>Contract:</strong> to create your account, run the Service and process payments.
          </li>
          <li>
            <strong>Legitimate interests:</strong> to keep the Service secure, prevent abuse and improve it, in ways you would reasonably expect.
          </li>
          <li>
            <strong>Consent:</strong> to send you marketing emails. You can withdraw consent at any time in Settings or from any marketing email.
          </li>
          <li>
            <strong>Legal obligation:</strong> to keep financial records and respond to lawful requests.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Sharing",
    body: (
      <>
        <p>We do not sell your personal data. We share it only with:</p>
        <ul>
          <li>Cloudflare, which hosts the Service and stores its data;</li>
          <li>Stripe, which processes payments;</li>
          <li>Evri and Royal Mail, to which we send tracking codes to fetch tracking updates;</li>
          <li>professional advisers and authorities where the law requires it.</li>
        </ul>
        <p>Each provider acts under a written contract and may use the data only to provide its service to us.</p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: "International transfers",
    body: (
      <>
        <p>
          Some of our providers process data outside the UK, including in the European Economic Area and the United States. Where they do, we
          rely on UK adequacy regulations or on the UK International Data Transfer Agreement or Addendum, so your data keeps an equivalent
          level of protection.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "Retention",
    body: (
      <>
        <p>We keep personal data only as long as it is needed:</p>
        <ul>
          <li>
            <strong>Your account and settings:</strong> while your account is open.
          </li>
          <li>
            <strong>Labels and their files:</strong> until you delete them. A deleted label waits in Recently deleted for 30 days, where you
            can restore it; then it is deleted for good, with its files.
          </li>
          <li>
            <strong>Buyers’ e-mail addresses and phone numbers:</strong> removed from your labels 90 days after delivery (or after the last
            carrier scan of a parcel that never arrived), and never while a carrier claim could still be made.
          </li>
          <li>
            <strong>Recipients’ addresses:</strong> kept until you delete the label, unless you choose a shorter period in Settings → Your
            data (30 days to 2 years after delivery). Then the name and street are removed, leaving only the postcode district, and the
            label’s original file is deleted.
          </li>
          <li>
            <strong>Copies of your data you download:</strong> 7 days, then deleted.
          </li>
          <li>
            <strong>Mail you exchange with our support mailbox:</strong> 1 year.
          </li>
          <li>
            <strong>Closing your account:</strong> everything above is deleted. Stripe keeps the payment records UK tax law asks for (six
            years); we keep only a one-way hash of your e-mail address, so that buyers who unsubscribed from your mails stay unsubscribed.
          </li>
          <li>
            <strong>Technical data:</strong> security logs are kept for up to 90 days and never contain names, addresses or e-mail
            addresses. Unused sign-in and reset links expire within 24 hours.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "rights",
    title: "Your rights",
    body: (
      <>
        <p>
          You have the right to access your personal data, to have it corrected or deleted, to restrict or object to its use, to data
          portability, and to withdraw consent at any time. Most of this you can do yourself, at once:
        </p>
        <ul>
          <li>
            <strong>A copy of everything:</strong> Settings → Your data → Download my data gives you one ZIP file with every label and field
            (as JSON and as a spreadsheet), tracking events, notes and tags, the files you uploaded, your credit ledger, settings and
            webhooks. We e-mail you the link when it is ready.
          </li>
          <li>
            <strong>Deleting labels:</strong> delete one or many from your labels list at any time; they are gone for good after 30 days.
          </li>
          <li>
            <strong>Closing your account:</strong> from Settings; everything is deleted as described under Retention.
          </li>
          <li>
            <strong>Correcting data:</strong> edit a label’s details on its page.
          </li>
        </ul>
        <p>
          For anything else, or if a buyer or recipient asks us about their data, contact us through our{" "}
          <Link to="/contact">contact page</Link>: we answer within one month.
        </p>
        <p>
          If you are unhappy with how we handle your data, you can complain to the Information Commissioner’s Office (ico.org.uk), though we
          would appreciate the chance to put things right first.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <>
        <p>
          Data travels over encrypted connections. Passwords are stored only as salted hashes, and sign-in, verification and reset tokens and
          API keys are stored only in hashed form. Access to production data is limited to the people who need it to run the Service. No
          system is perfectly secure: if a breach puts your data at risk we will tell you and the ICO as the law requires.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <>
        <p>
          The Service is for adults aged 18 or over. We do not knowingly collect data from children; if you believe a child has given us data,
          contact us and we will delete it.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <>
        <p>
          We may update this policy when the Service or the law changes. The date at the top shows when it last changed; if a change is
          significant we will tell you by email or in the Service before it takes effect.
        </p>
      </>
    ),
  },
];
