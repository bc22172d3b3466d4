/**
 * The people, places and shops labels are addressed to and sent from. UK postcode districts are
 * real (district, post town, county), inward codes are drawn in the real format (digit + two of
 * the letters Royal Mail uses there). Names carry accents, apostrophes, hyphens, titles,
 * initials, companies with 'c/o' / 'Attn' / 'FAO' contacts. Phone numbers are Ofcom's drama
 * ranges and e-mails use example domains, so nothing here reaches a real person.
 * Every character is in WinAnsi (pdf-lib's standard fonts draw nothing else): Polish 'ł' or
 * Turkish 'ğ' are left out for that reason.
 */
import type { Rng } from "./random.ts";

// district, post town, county ('' when the post town needs none)
const DISTRICTS = `E1|London|;E14|London|;E1W|London|;EC1V|London|;EC2A|London|;EC4M|London|;N1|London|;N1C|London|;N16|London|;NW1|London|;NW3|London|;
SE1|London|;SE15|London|;SE22|London|;SW1A|London|;SW11|London|;SW19|London|;W1D|London|;W1T|London|;W2|London|;W12|London|;WC1E|London|;WC2H|London|;
BR1|Bromley|Kent;CR0|Croydon|Surrey;DA1|Dartford|Kent;EN1|Enfield|Middlesex;HA1|Harrow|Middlesex;IG1|Ilford|Essex;KT1|Kingston upon Thames|Surrey;
RM1|Romford|Essex;SM1|Sutton|Surrey;TW1|Twickenham|Middlesex;TW9|Richmond|Surrey;UB1|Southall|Middlesex;
B1|Birmingham|West Midlands;B15|Birmingham|West Midlands;B23|Birmingham|;BA1|Bath|Somerset;BA2|Bath|;BB1|Blackburn|Lancashire;BD1|Bradford|West Yorkshire;
BH1|Bournemouth|Dorset;BH23|Christchurch|Dorset;BL1|Bolton|Lancashire;BN1|Brighton|East Sussex;BN3|Hove|East Sussex;BS1|Bristol|;BS8|Bristol|;BS16|Bristol|;
CA1|Carlisle|Cumbria;CA12|Keswick|Cumbria;CB1|Cambridge|Cambridgeshire;CB2|Cambridge|;CH1|Chester|Cheshire;CM1|Chelmsford|Essex;CO1|Colchester|Essex;
CT1|Canterbury|Kent;CV1|Coventry|West Midlands;CV37|Stratford-upon-Avon|Warwickshire;CW1|Crewe|Cheshire;DE1|Derby|Derbyshire;DE45|Bakewell|Derbyshire;
DH1|Durham|County Durham;DL1|Darlington|County Durham;DN1|Doncaster|South Yorkshire;DT1|Dorchester|Dorset;DY1|Dudley|West Midlands;EX1|Exeter|Devon;
EX4|Exeter|Devon;GL1|Gloucester|Gloucestershire;GL50|Cheltenham|Gloucestershire;GL54|Cheltenham|Gloucestershire;GU1|Guildford|Surrey;GU22|Woking|Surrey;
HD1|Huddersfield|West Yorkshire;HG1|Harrogate|North Yorkshire;HG4|Ripon|North Yorkshire;HP1|Hemel Hempstead|Hertfordshire;HR1|Hereford|Herefordshire;
HR3|Hereford|;HU1|Hull|East Yorkshire;HX1|Halifax|West Yorkshire;HX7|Hebden Bridge|West Yorkshire;IP1|Ipswich|Suffolk;L1|Liverpool|Merseyside;
L17|Liverpool|;LA1|Lancaster|Lancashire;LA23|Windermere|Cumbria;LE1|Leicester|Leicestershire;LE4|Leicester|;LN1|Lincoln|Lincolnshire;LS1|Leeds|West Yorkshire;
LS6|Leeds|;LS11|Leeds|;LU1|Luton|Bedfordshire;M1|Manchester|;M14|Manchester|;M20|Manchester|;ME1|Rochester|Kent;MK9|Milton Keynes|Buckinghamshire;
NE1|Newcastle upon Tyne|Tyne and Wear;NE46|Hexham|Northumberland;NG1|Nottingham|Nottinghamshire;NN1|Northampton|Northamptonshire;NN15|Kettering|Northamptonshire;
NR2|Norwich|Norfolk;NR25|Holt|Norfolk;OL1|Oldham|Lancashire;OX1|Oxford|Oxfordshire;OX5|Kidlington|Oxfordshire;OX18|Burford|Oxfordshire;PE1|Peterborough|Cambridgeshire;
PL1|Plymouth|Devon;PL28|Padstow|Cornwall;PO1|Portsmouth|Hampshire;PR1|Preston|Lancashire;RG1|Reading|Berkshire;RG12|Bracknell|Berkshire;RH1|Redhill|Surrey;
S1|Sheffield|South Yorkshire;S10|Sheffield|;SG1|Stevenage|Hertfordshire;SK1|Stockport|Cheshire;SL1|Slough|Berkshire;SN1|Swindon|Wiltshire;SO14|Southampton|Hampshire;
SP1|Salisbury|Wiltshire;SP6|Fordingbridge|Hampshire;SR1|Sunderland|Tyne and Wear;SS1|Southend-on-Sea|Essex;ST1|Stoke-on-Trent|Staffordshire;TA1|Taunton|Somerset;
TN34|Hastings|East Sussex;TQ9|Totnes|Devon;TR1|Truro|Cornwall;TS1|Middlesbrough|Cleveland;WA1|Warrington|Cheshire;WD17|Watford|Hertfordshire;WF1|Wakefield|West Yorkshire;
WN1|Wigan|Lancashire;WR1|Worcester|Worcestershire;WS1|Walsall|West Midlands;WV1|Wolverhampton|West Midlands;YO1|York|North Yorkshire;YO21|Whitby|North Yorkshire;YO31|York|;
CF10|Cardiff|;CF24|Cardiff|South Glamorgan;LL55|Caernarfon|Gwynedd;NP20|Newport|Gwent;SA1|Swansea|West Glamorgan;SA19|Llandeilo|Dyfed;SY23|Aberystwyth|Dyfed;LD3|Brecon|Powys;
AB10|Aberdeen|;DD1|Dundee|;EH1|Edinburgh|;EH12|Edinburgh|;FK8|Stirling|;G2|Glasgow|;G12|Glasgow|;IV2|Inverness|;KA7|Ayr|Ayrshire;KW15|Kirkwall|Orkney;
KY16|St Andrews|Fife;PA20|Isle of Bute|;PH1|Perth|;TD1|Galashiels|Selkirkshire;HS1|Isle of Lewis|;ZE1|Shetland|;ML1|Motherwell|Lanarkshire;DG1|Dumfries|Dumfriesshire;
BT1|Belfast|;BT7|Belfast|;BT34|Newry|County Down;BT48|Londonderry|;GY1|Guernsey|;JE2|Jersey|;IM1|Isle of Man|`;

export interface District {
  district: string;
  town: string;
  county: string;
}
export const districts: District[] = DISTRICTS.split(";").map((s) => {
  const [district, town, county] = s.trim().split("|");
  return { district, town, county };
});

const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";

/** A postcode in its normal printed form ('SW1A 2AA'). */
export function postcodeIn(rng: Rng, d: District): string {
  return `${d.district} ${rng.int(0, 9)}${rng.chars(2, INWARD_LETTERS)}`;
}

const LOCALITIES = ["Heaton Moor", "Lower Slaughter", "Bramley", "Kirkstall", "Chorlton", "Headington", "Clifton", "Roath", "Morningside", "Jesmond",
  "Hampton Wick", "Little Milton", "Upper Boat", "Newton Abbot Road", "St Ives", "Portobello", "Canton", "Hyde Park", "Walkley", "Radford"];
const STREET_NAMES = ["Acacia", "Albert", "Alexandra", "Victoria", "Church", "Mill", "Station", "High", "Park", "King's", "Queen's", "Manor", "Orchard",
  "Meadow", "Willow", "Foxglove", "Beech", "Elm", "Chestnut", "Castle", "Bridge", "Market", "Abbey", "London", "York", "Mount Pleasant", "St John's",
  "St Mary's", "Prince's", "Nelson", "Wellington", "Cromwell", "Barrack", "Corstorphine", "Heol y Nant", "Coronation", "Jubilee", "Sandringham",
  "Holly", "Lavender", "Primrose", "Canal", "Dock", "Quay", "Fore", "Union", "George", "Gladstone", "Tennyson", "Wordsworth"];
const STREET_TYPES = ["Road", "Street", "Lane", "Avenue", "Close", "Drive", "Crescent", "Way", "Gardens", "Terrace", "Grove", "Place", "Court", "Mews",
  "Row", "Walk", "Hill", "Rise", "Square", "Parade"];
const BUILDINGS = ["Mercer House", "Dock House", "Albion Court", "The Maltings", "Riverside Estate", "Kingsway House", "Canal Wharf", "Priory Mews",
  "Victoria Buildings", "St Anne's Court", "Harbour View", "Ty Gwyn"];
const HOUSE_NAMES = ["Rose Cottage", "The Old Rectory", "Ty Newydd", "Hillside Farm", "The Laurels", "Orchard House", "Fern Lodge", "Mill Cottage",
  "The Old Post Office", "Beechwood", "Glenview", "Bryn Awel"];

/** One to three address lines before the town: a flat or house name sometimes, the street, a locality sometimes. */
export function streetLines(rng: Rng): string[] {
  const num = `${rng.int(1, 240)}${rng.chance(0.06) ? rng.pick(["A", "B", "a", "b"]) : ""}`;
  const street = `${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`;
  const lines: string[] = [];
  const kind = rng.weighted([["plain", 50], ["flat", 18], ["flatBuilding", 8], ["unit", 6], ["house", 10], ["numberOnBuilding", 8]] as const);
  if (kind === "flat") lines.push(rng.pick([`Flat ${rng.int(1, 40)}`, `Flat ${rng.int(1, 9)}${rng.pick(["A", "B", "C"])}`, `Apartment ${rng.int(1, 120)}`]));
  if (kind === "flatBuilding") lines.push(`${rng.pick(["Flat", "Apartment", "Suite"])} ${rng.int(1, 60)}, ${rng.pick(BUILDINGS)}`);
  if (kind === "unit") lines.push(`Unit ${rng.int(1, 30)}${rng.chance(0.5) ? `, ${rng.pick(BUILDINGS)}` : ""}`);
  if (kind === "house") {
    lines.push(rng.pick(HOUSE_NAMES));
    lines.push(rng.chance(0.5) ? street : `${num} ${street}`);
  } else if (kind === "numberOnBuilding") {
    lines.push(`${num} ${rng.pick(BUILDINGS)}`);
    lines.push(street);
  } else {
    lines.push(`${num} ${street}`);
  }
  if (rng.chance(0.18)) lines.push(rng.pick(LOCALITIES));
  return lines;
}

const TITLES = ["Mr", "Mrs", "Ms", "Miss", "Dr", "Mx", "Prof", "Rev", "Mr.", "Mrs.", "Dr."];
const FIRST = ["Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Noah", "Olivia", "Jack", "Emily", "Muhammad", "Aisha", "Priya", "Arjun", "Fatima",
  "Wei", "Kwame", "Chidi", "Ngozi", "Seán", "Siobhán", "Niamh", "Aoife", "Ciarán", "Eoin", "Zoë", "Chloé", "Renée", "Noël", "José", "María", "Björn",
  "Søren", "François", "Anaïs", "Dafydd", "Rhiannon", "Gwenllian", "Iain", "Morag", "Eilidh", "Tomasz", "Agnieszka", "Zsófia", "Hélène", "Inés",
  "Joaquín", "Mohammed", "Sophie", "Thomas", "Grace", "Daniel", "Hannah", "James", "Charlotte", "Samuel", "Lucy", "Ellie", "Oscar", "Freya", "Rory",
  "Imogen", "Kofi", "Yusuf", "Mei", "Anh", "Ravi", "Harpreet", "Gurpreet", "Deborah", "Gareth", "Bethan", "Callum", "Fionnuala", "Ffion", "Ewan"];
const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Khan", "Ahmed", "Singh", "Begum", "Hussain",
  "O'Connor", "O'Brien", "D'Arcy", "McKenzie", "MacLeod", "Fitzgerald", "Turner-Hale", "Ellis-Jones", "Nowak", "Kowalski", "Okafor", "Adeyemi",
  "Mensah", "Nguyen", "Wong", "Leroy", "García", "Müller", "Öztürk", "Ó Súilleabháin", "Ní Bhriain", "ap Rhys", "van der Berg", "de la Cruz",
  "St John", "Ffrench", "Evans", "Thomas", "Roberts", "Walker", "Wright", "Robinson", "Thompson", "White", "Hughes", "Edwards", "Green", "Hall",
  "Wood", "Harris", "Lewis", "Martin", "Jackson", "Clarke", "Clark", "Turner", "Hill", "Scott", "Cooper", "Morris", "Ward", "Moore", "King",
  "Watson", "Baker", "Harrison", "Morgan", "Patterson", "Llewellyn", "Cunningham", "Fraser", "Gallagher", "Nakamura", "Kaur", "Chowdhury",
  "Bajwa", "Zielinski", "Kelly", "Doherty", "Sørensen", "Lefèvre", "Brontë", "Quiñones"];

/** A person's name as people type it into a checkout form. */
export function personName(rng: Rng): string {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const style = rng.weighted([["full", 60], ["titled", 20], ["initial", 8], ["titledInitial", 7], ["double", 3], ["couple", 2]] as const);
  if (style === "titled") return `${rng.pick(TITLES)} ${first} ${last}`;
  if (style === "initial") return `${first[0]}${rng.pick([".", ""])} ${last}`;
  if (style === "titledInitial") return `${rng.pick(TITLES)} ${first[0]} ${last}`;
  if (style === "double") return `${first} ${rng.pick(FIRST)} ${last}`;
  if (style === "couple") return `${rng.pick(["Mr & Mrs", "Mr and Mrs", "Dr & Mr"])} ${last}`;
  return `${first} ${last}`;
}

const SHOP_A = ["Little Fern", "Copper Kettle", "Saltmarsh", "Redwing", "Bramble", "Wren & Ivy", "Quayside", "Moorland", "Harbour Light", "Dovetail",
  "Pennyroyal", "Tidewater", "Hazel & Hive", "Blue Heron", "Hollow Oak", "Marlow", "Fable & Fern", "Ironbridge", "Cwm", "Heather Hill", "Saltwater",
  "Button Tin", "Northgate", "Old Forge", "Kestrel", "Atlas", "Willow & Wick", "Bluebell", "Oak & Anchor", "Thistle", "Gannet", "Larkspur", "Foxhole",
  "Seren", "Ceilidh", "Pebble & Pine", "Rowan", "Nettle", "Magpie", "Wildflower"];
const SHOP_B = ["Candles", "Records", "Tea Co", "Books", "Ceramics", "Prints", "Knits", "Soap Co", "Crafts", "Studio", "Goods", "Vintage", "Outfitters",
  "Apothecary", "Coffee", "Tools", "Silver", "Bakehouse", "Home", "Supplies", "Trading Co", "Design", "Jewellery", "Gifts", "Yarns", "Games", "Pottery"];
const COMPANY_END = ["Ltd", "Limited", "Ltd.", "LLP", "& Co", "& Sons", "plc", "Co.", "Studios Ltd", "Holdings Ltd", "(UK) Ltd"];

/** An online shop's trading name: the sender of most parcels. */
export function shopName(rng: Rng): string {
  const style = rng.weighted([["pair", 70], ["possessive", 10], ["the", 10], ["company", 10]] as const);
  if (style === "possessive") return `${rng.pick(FIRST)}'s ${rng.pick(SHOP_B)}`;
  if (style === "the") return `The ${rng.pick(SHOP_A)} ${rng.pick(SHOP_B)}`;
  if (style === "company") return `${rng.pick(SHOP_A)} ${rng.pick(SHOP_B)} ${rng.pick(["Ltd", "Limited", "Ltd."])}`;
  return `${rng.pick(SHOP_A)} ${rng.pick(SHOP_B)}`;
}

/** A company receiving a parcel. */
export function companyName(rng: Rng): string {
  return `${rng.pick(SHOP_A)} ${rng.pick(["Supplies", "Print Studio", "Outdoor", "Engineering", "Dental Practice", "Accountants", "Architects", "Garage", "Vets", "Nursery"])} ${rng.pick(COMPANY_END)}`;
}

/** A large retailer's header on carrier-made labels (the sender). */
export function retailerName(rng: Rng): string {
  return rng.pick(["Northgate Outfitters", "Loomwell", "Brightbay", "Harbour & Finch", "Kindle & Crate", "Mayfield Home", "Zest & Zing", "Threadline",
    "Urban Moss", "Petal & Post", "Bluewater Sports", "Goldcrest Beauty", "Hatherley", "Saxon Shoes", "Marwood Kids", "Kelp & Co", "Orla Fashion",
    "Redfern Electricals", "Tamsin Mae", "Grove & Gather", "LOOMWELL.COM", "Brightbay Direct", "Wearwell UK"]);
}

export function phoneNumber(rng: Rng): string {
  const mobile = `07700 900${rng.digits(3)}`;
  return rng.weighted([
    [mobile, 5],
    [`+44 7700 900${rng.digits(3)}`, 2],
    [`+447700900${rng.digits(3)}`, 1],
    [`01632 960${rng.digits(3)}`, 2],
    [`(01632) 960 ${rng.digits(3)}`, 1],
    [`020 7946 0${rng.digits(3)}`, 1],
  ]);
}

export function emailFor(rng: Rng, name: string): string {
  const local = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\b(mr|mrs|ms|miss|dr|mx|prof|rev)\b\.?/g, "")
    .replace(/[^a-z]+/g, rng.pick([".", "_", ""]))
    .replace(/^[._]+|[._]+$/g, "");
  return `${local || "customer"}${rng.chance(0.4) ? rng.int(1, 99) : ""}@${rng.pick(["example.com", "example.co.uk", "example.org", "mail.example.net"])}`;
}
