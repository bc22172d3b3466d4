import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Terms and Privacy Policy" description="Our terms of service and privacy policy." />;
}
