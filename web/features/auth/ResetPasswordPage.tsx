import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Reset password" description="Choose a new password." />;
}
