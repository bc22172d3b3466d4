/**
 * The postcode areas a town's name on an address can stand with. Each area is named after its main post town (LS Leeds,
 * S Sheffield, OX Oxford), and an address whose town line is that town has a postcode of that area: Royal Mail's post
 * town and postcode go together. A postcode OCR misread into another area ('S6 7PT' for LS6 7PT under 'Leeds', its first
 * letter lost: fresh seed 1333315663, file 1504, a 300 DPI table photo) is caught so, and is none: a miss, never a wrong value.
 *
 * Only the areas' own towns, and only names no other post town, village or county line has ('Newport' is NP's, PO30's and
 * TF10's, 'Richmond' TW's and DL10's; Sutton, Preston, Bolton, Blackburn, Bromley, Bradford, Croydon, Dudley, Ilford and Redhill
 * are villages or districts elsewhere too; 'Durham' is a county's line over DL, TS and SR postcodes; 'Newcastle' alone may be
 * Newcastle-under-Lyme's: all left out). A city's name is allowed the areas around it too, for buyers write it for
 * their suburb ('Stockport, Manchester', 'Croydon, London'): the check is for a postcode far from its town, not a border.
 */
import { normalisePostcode } from "./uk-postcode";

const AROUND: Record<string, string> = {
  london: "E EC N NW SE SW W WC BR CR DA EN HA IG KT RM SM TW UB WD",
  manchester: "M SK OL BL WA WN",
  birmingham: "B WS WV DY CV",
  leeds: "LS WF BD HG HX",
  liverpool: "L CH WA PR",
  glasgow: "G PA ML KA FK",
  edinburgh: "EH KY",
  "newcastle upon tyne": "NE SR DH",
  sheffield: "S DN",
  bristol: "BS BA GL",
};

/** Town: its area, for the areas named after one town (a name shared with another post town left out). */
const OWN = (
  "aberdeen AB;st albans AL;bath BA;bournemouth BH;brighton BN;belfast BT;" +
  "carlisle CA;cambridge CB;cardiff CF;chester CH;chelmsford CM;colchester CO;canterbury CT;coventry CV;crewe CW;" +
  "dartford DA;dundee DD;derby DE;dumfries DG;darlington DL;doncaster DN;dorchester DT;enfield EN;" +
  "exeter EX;falkirk FK;blackpool FY;gloucester GL;guildford GU;harrow HA;huddersfield HD;harrogate HG;hemel hempstead HP;" +
  "hereford HR;hull HU;halifax HX;ipswich IP;inverness IV;kilmarnock KA;kingston upon thames KT;kirkwall KW;" +
  "kirkcaldy KY;lancaster LA;leicester LE;llandudno LL;lincoln LN;luton LU;rochester ME;milton keynes MK;motherwell ML;" +
  "nottingham NG;northampton NN;norwich NR;oldham OL;oxford OX;paisley PA;peterborough PE;perth PH;plymouth PL;portsmouth PO;" +
  "reading RG;romford RM;swansea SA;stevenage SG;stockport SK;slough SL;swindon SN;" +
  "southampton SO;salisbury SP;sunderland SR;southend-on-sea SS;stoke-on-trent ST;shrewsbury SY;taunton TA;galashiels TD;" +
  "telford TF;tonbridge TN;torquay TQ;truro TR;middlesbrough TS;twickenham TW;southall UB;warrington WA;watford WD;" +
  "wakefield WF;wigan WN;worcester WR;walsall WS;wolverhampton WV;york YO;lerwick ZE;" +
  // Other post towns whose names no other post town or village shares ('Keswick', 'Burford', 'Christchurch', 'Holt',
  // 'Bangor' and 'St Ives' each name two places: left out).
  "stratford-upon-avon CV;caernarfon LL;cheltenham GL;windermere LA;kendal LA;bakewell DE;woking GU;hove BN;fordingbridge SP;" +
  "st andrews KY;aberystwyth SY;whitby YO;scarborough YO;ripon HG;hexham NE;alnwick NE;morpeth NE;stirling FK;totnes TQ;" +
  "padstow PL;penzance TR;kettering NN;brecon LD;llandeilo SA;tenby SA;hebden bridge HX;skipton BD;ilkley LS;ayr KA;" +
  "bracknell RG;basingstoke RG;kidlington OX;maidstone ME;winchester SO;tunbridge wells TN;sevenoaks TN;hastings TN;" +
  "crawley RH;horsham RH;reigate RH;chichester PO;worthing BN;eastbourne BN;lewes BN;macclesfield SK;buxton SK;" +
  "altrincham WA;matlock DE;fort william PH;oban PA;yeovil BA;weymouth DT;poole BH;stroud GL;epsom KT"
).split(";");

const TOWN_AREAS = new Map<string, Set<string>>([
  ...Object.entries(AROUND).map(([town, areas]) => [town, new Set(areas.split(" "))] as [string, Set<string>]),
  ...OWN.map((entry) => {
    const [town, area] = [entry.slice(0, entry.lastIndexOf(" ")), entry.slice(entry.lastIndexOf(" ") + 1)];
    return [town, new Set([area])] as [string, Set<string>];
  }),
]);

/** A line's town: the line whole, a postcode after it taken off ('Watford WD17 2QF'), case and stops aside. */
const townOf = (line: string) =>
  line
    .replace(/\s+[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\s*$/i, "")
    .replace(/[.,]+$/, "")
    .trim()
    .toLowerCase();

/**
 * Whether the address's lines name a listed town whose areas the postcode is not in ('Leeds' over 'S6 7PT'). Lines naming
 * no listed town, or a postcode of no known shape, say nothing: false.
 */
export function townDisagrees(postcode: string, lines: readonly string[]): boolean {
  const area = normalisePostcode(postcode).match(/^([A-Z]{1,2})\d/)?.[1];
  if (!area) return false;
  return lines.some((line) => {
    const areas = TOWN_AREAS.get(townOf(line));
    return areas !== undefined && !areas.has(area);
  });
}

/** Whether a line is one of the listed towns alone ('LONDON', 'Leeds'): an address's town, never a name. */
export const isPostTown = (line: string) => TOWN_AREAS.has(townOf(line));
