import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="New Label" description="Upload a file or create a label manually from a tracking code." />;
}
