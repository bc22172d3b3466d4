/** The Upload tab of /upload: drop zone, upload queue and results (the import issue builds it). */
export function UploadTab({ credits }: { credits: number | null }) {
  return (
    <div className="card">
      <p className="muted">File upload is coming soon. {credits !== null ? `Credits available: ${credits}` : ""}</p>
    </div>
  );
}
