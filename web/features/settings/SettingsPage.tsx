import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Settings" description="Email verification, developer API key, credits, email preferences and label branding." />;
}
