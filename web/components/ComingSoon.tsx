import { PageHeader } from "./PageHeader";

/** Holds the place of a screen whose issue has not landed yet, saying what will be there. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <div className="container">
      <PageHeader title={title} />
      <div className="card">
        <p>{description}</p>
        <p className="muted">This screen is being built.</p>
      </div>
    </div>
  );
}
