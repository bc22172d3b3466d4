import { useNavigate } from "react-router";

/** What a signed-in user who is not an admin sees on an admin screen (the server refuses the calls too). */
export function AccessDenied({ title, message, home }: { title: string; message: string; home: string }) {
  const navigate = useNavigate();
  return (
    <div className="container narrow">
      <div className="card center" role="alert">
        <h1>{title}</h1>
        <p className="muted">{message}</p>
        <button type="button" className="btn btn-primary" onClick={() => void navigate("/")}>
          {home}
        </button>
      </div>
    </div>
  );
}
