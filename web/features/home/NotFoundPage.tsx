import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <div className="container narrow center">
      <div className="card">
        <h1>Page not found</h1>
        <p className="muted">We couldn’t find the page you were looking for. It may have moved, or the link may be mistyped.</p>
        <Link to="/" className="btn btn-primary">
          Go Home
        </Link>
      </div>
    </div>
  );
}
