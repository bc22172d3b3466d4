import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Payment Successful!" description="Your credits have been successfully added to your account." />;
}
