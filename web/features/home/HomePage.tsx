import { Link } from "react-router";
import { Logo } from "../../components/Logo";

const BENEFITS = [
  { title: "Create custom branded labels", icon: "🏷️" },
  { title: "Get notified when parcels are lost in transit", icon: "🔔" },
  { title: "Gain insights into parcel performance and delivery trends", icon: "📈" },
  { title: "No complex setup, just upload label PDFs", icon: "📄" },
];

export default function HomePage() {
  return (
    <div className="container home">
      <section className="hero">
        <Logo size={64} />
        <h1>Parcelhive</h1>
        <p className="hero-lead">A forward-thinking, easy to use parcel intelligence suite.</p>
        <Link to="/upload" className="btn btn-primary btn-lg">
          Get Started
        </Link>
      </section>
      <ul className="benefits" aria-label="Benefits">
        {BENEFITS.map((b) => (
          <li key={b.title} className="card benefit">
            <span className="benefit-icon" aria-hidden="true">
              {b.icon}
            </span>
            <span>{b.title}</span>
          </li>
        ))}
      </ul>
      <p className="muted home-couriers">For UK senders shipping with Evri and Royal Mail.</p>
    </div>
  );
}
