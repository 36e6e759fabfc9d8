import { Link } from "react-router";

export function Brand() {
  return (
    <Link to="/" className="text-xl font-semibold tracking-tight text-ink">
      Mindprint
    </Link>
  );
}
