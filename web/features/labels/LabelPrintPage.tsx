import { ComingSoon } from "../../components/ComingSoon";

export default function Page() {
  return <ComingSoon title="Print label" description="A 4in x 6in printable label with barcodes." />;
}
