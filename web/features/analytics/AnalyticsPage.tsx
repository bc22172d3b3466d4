import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Analytics" description="Parcel totals, weights, next-day share, lost parcels and daily shipments." />;
}
