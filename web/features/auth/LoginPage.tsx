import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Login" description="Sign in or create an account." />;
}
