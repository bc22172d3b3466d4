import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Forgot password" description="Request a password reset link." />;
}
