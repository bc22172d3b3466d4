// The demo's labels (scripts/seed-demo.mjs): five hand-written stories that match scripts/carrier-standin.mjs, and
// 55 more spread over the last six weeks, the same every run (a fixed random seed), so a newcomer sees the list's
// pages, on-time and late deliveries, parcels on their way and two flagged as potentially lost, and analytics with
// figures. Times are hours before `now`. The carriers' check digits come from the worker's own code rules.

const HOUR = 3_600_000;

const EVRI_STAGES = {
  registered: ["1", "The sender has told us your parcel is on its way", "PRE"],
  collected: ["2", "We've got it", "COL"],
  hub: ["3", "It's at our national hub", "HUB"],
  depot: ["3", "It's at our local depot", "DEP"],
  out: ["4_COURIER", "Your courier has your parcel and it's out for delivery", "OFD"],
  delivered: ["5_COURIER", "Delivered: handed to the recipient", "DEL"],
};
const ROYAL_MAIL_STAGES = {
  registered: ["EVNMI", "Sender despatching item"],
  collected: ["EVAIP", "Item received", "Swindon MC"],
  hub: ["EVIMC", "In transit", "Swindon MC"],
  depot: ["EVORI", "Item received at delivery office", "Local delivery office"],
  out: ["EVKOP", "Out for delivery"],
  delivered: ["EVKSP", "Delivered"],
};
const STATUS = { registered: "registered", collected: "in_transit", hub: "in_transit", depot: "in_transit", out: "out_for_delivery", delivered: "delivered" };

const address = (name, lines, postcode) => ({ name, address: lines, postcode, countryCode: "GB" });

/** The five stories the carrier stand-in tells too (its Evri answers agree with these). */
const STORIES = [
  {
    code: "H04AQA0004726589", courier: "evri", createdHoursAgo: 52, notes: "Gift wrap requested.", tags: ["gifts"], serviceType: "Standard",
    details: { address: address("Sam Taylor", ["1 High Street", "Oxford"], "OX18 3UQ"), weightInGrams: 850, dimensionsCm: [30, 20, 10], isNextDay: false, serviceCode: "STD" },
    story: [["registered", 50], ["collected", 44], ["hub", 36], ["depot", 30], ["out", 27], ["delivered", 22]],
  },
  {
    code: "H0595C0000314450", courier: "evri", createdHoursAgo: 31, notes: "", tags: ["wholesale"], serviceType: "Next Day",
    details: { address: address("Priya Shah", ["Flat 2", "18 Canal Street", "Manchester"], "M1 3HE"), weightInGrams: 2300, dimensionsCm: [45, 35, 20], isNextDay: true, serviceCode: "ND" },
    story: [["registered", 30], ["collected", 26], ["hub", 18], ["depot", 6], ["out", 2]],
  },
  {
    code: "H01DEM0000000013", courier: "evri", createdHoursAgo: 270, notes: "Customer chased on Monday.", tags: ["gifts", "chase"], serviceType: "Standard",
    details: { address: address("Alex Morgan", ["7 Harbour Road", "Penzance"], "TR18 4AA"), weightInGrams: 1200, dimensionsCm: [25, 25, 15], isNextDay: false, serviceCode: "STD" },
    story: [["registered", 260], ["collected", 240], ["hub", 200]],
    lost: { reason: "no_new_scan", flaggedHoursAgo: 20, mailedHoursAgo: 19.9 },
  },
  {
    code: "H01DEM0000000025", courier: "evri", createdHoursAgo: 3, notes: "", tags: [], serviceType: "Standard",
    details: { address: address("Chris Evans", ["22 Station Road", "Leeds"], "LS1 4DY"), weightInGrams: 400, dimensionsCm: [20, 15, 5], isNextDay: false, serviceCode: "STD" },
    story: [["registered", 3]],
  },
  {
    // No tracking: Royal Mail's API is not configured locally.
    code: "SG577041359GB", courier: "royalmail", createdHoursAgo: 28, notes: "", tags: [],
    details: { address: address("Jo Bloggs", ["3 Church Lane", "Chipping Norton"], "OX7 5AA"), weightInGrams: 650, serviceCode: "TPN01" },
  },
];

const RECIPIENTS = [
  ["Olivia Brown", ["14 Queen Street", "Cardiff"], "CF10 2BU"],
  ["Harry Wilson", ["Flat 5", "2 Princes Street", "Edinburgh"], "EH2 2AN"],
  ["Amelia Clarke", ["9 Bridge Road", "Bristol"], "BS1 4DJ"],
  ["Jack Robinson", ["31 Market Place", "Norwich"], "NR2 1ND"],
  ["Isla Patel", ["77 Bold Street", "Liverpool"], "L1 4HF"],
  ["George Hughes", ["5 Castle Street", "York"], "YO1 9RN"],
  ["Freya Walker", ["120 Deansgate", "Manchester"], "M3 2BQ"],
  ["Noah Green", ["3 Cathedral Close", "Exeter"], "EX1 1HS"],
  ["Ava Thompson", ["48 Union Street", "Aberdeen"], "AB11 6BD"],
  ["Leo Edwards", ["The Old Rectory", "Church Lane", "Ludlow"], "SY8 1AA"],
  ["Mia Khan", ["16 Broad Street", "Birmingham"], "B1 2HF"],
  ["Oscar Wright", ["62 High Street", "Winchester"], "SO23 9BY"],
];
const TAGS = ["gifts", "wholesale", "etsy", "ebay", "returns"];
const NOTES = ["", "", "", "Leave with neighbour if out.", "Fragile: stoneware.", "Repeat customer.", ""];

/** mulberry32: a small seeded generator, so the demo is the same every run. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One generated parcel's events, oldest first, as [stage, hours ago]: collected a few hours after the label, then
 * delivered after `transitHours`, or still on its way when that lies in the future. A lost one stops at the hub.
 */
function journey(ageHours, transitHours, lost) {
  const collected = ageHours - 6;
  const delivered = collected - transitHours;
  const plan = lost
    ? [["registered", ageHours], ["collected", collected], ["hub", collected - 10]]
    : [["registered", ageHours], ["collected", collected], ["hub", collected - 8], ["depot", delivered + 10], ["out", delivered + 4], ["delivered", delivered]];
  // Events still in the future have not happened; each stage comes after the one before.
  return plan.filter(([, h], i) => h > 0.5 && (i === 0 || h < plan[i - 1][1]));
}

/** 55 more labels: four in five Evri (one in four of those next day), the rest Royal Mail Tracked 48. */
function generated(codes) {
  const rand = random(20261125);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const labels = [];
  for (let i = 0; i < 55; i++) {
    const royalMail = i % 5 === 4;
    const nextDay = !royalMail && i % 4 === 1;
    const ageHours = 8 + i * 18 + Math.floor(rand() * 12);
    // About one in five arrives late: well past the service's aim (1, 2 or 3 working days from the first scan).
    const late = i % 5 === 2;
    const lost = i === 23 || i === 41;
    const transitHours = late ? 150 + rand() * 48 : nextDay ? 18 + rand() * 4 : 26 + rand() * 30;
    const [name, lines, postcode] = RECIPIENTS[i % RECIPIENTS.length];
    const tags = rand() < 0.6 ? [pick(TAGS)] : [];
    labels.push({
      code: royalMail ? codes.royalMail(i) : codes.evri(i),
      courier: royalMail ? "royalmail" : "evri",
      createdHoursAgo: ageHours,
      notes: pick(NOTES),
      tags,
      serviceType: royalMail ? "Royal Mail Tracked 48" : nextDay ? "Next Day" : "Standard",
      details: {
        address: address(name, lines, postcode),
        weightInGrams: 250 + Math.floor(rand() * 40) * 100,
        ...(royalMail ? { serviceCode: "TPS48" } : { dimensionsCm: [20 + (i % 4) * 5, 15 + (i % 3) * 5, 8 + (i % 5) * 2], isNextDay: nextDay, serviceCode: nextDay ? "ND" : "STD" }),
      },
      story: journey(ageHours, transitHours, lost),
      ...(lost ? { lost: { reason: "no_new_scan", flaggedHoursAgo: ageHours - 120, mailedHoursAgo: ageHours - 120.1 } } : {}),
    });
  }
  return labels;
}

/** tracking.results[] for a story, newest first, in the form the tracking clients store. */
function tracking(courier, story, serviceType, now) {
  const events = story
    .map(([stage, h]) => {
      const dateTime = new Date(now - h * HOUR).toISOString();
      if (courier === "royalmail") {
        const [code, description, location] = ROYAL_MAIL_STAGES[stage];
        return { dateTime, trackingPoint: { trackingPointCode: code, description }, location: location ?? null };
      }
      const [stageCode, description, pointCode] = EVRI_STAGES[stage];
      return { dateTime, trackingPoint: { trackingPointCode: pointCode, description }, trackingStage: { trackingStageCode: stageCode }, location: stage === "depot" ? "Warrington" : null };
    })
    .reverse();
  const sender = courier === "evri" ? "Hollow Oak Ceramics" : null;
  return { results: [{ sender: { displayName: sender }, service: { serviceType }, trackingEvents: events }] };
}

/**
 * Every demo label with its tracking and status: [{ code, courier, createdHoursAgo, notes, tags, details, lost?,
 * tracking (or null), status, deliveredHoursAgo (or null) }].
 */
export function demoLabels(now, codes) {
  return [...STORIES, ...generated(codes)].map((l) => {
    const last = l.story?.at(-1);
    return {
      ...l,
      tracking: l.story ? tracking(l.courier, l.story, l.serviceType, now) : null,
      status: last ? STATUS[last[0]] : null,
      deliveredHoursAgo: last?.[0] === "delivered" ? last[1] : null,
    };
  });
}
