import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Verify email" description="Confirm your email address." />;
}
