import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Admin Cheats & Management" description="Users, credit grants and the marketing email list." />;
}
