import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Labels" description="All your labels with tracking, addresses and lost-parcel warnings." />;
}
