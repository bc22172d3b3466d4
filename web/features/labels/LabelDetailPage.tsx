import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Label Details" description="Everything about one label: addresses, tracking events, notes and tags." />;
}
