/**
 * How the field's words are said aloud (docs/decisions/401). Reviewed by hand: each entry is what a data-center
 * professional says, written so that any English synthesiser (flite, Piper, Kokoro, an OpenAI-compatible
 * server) reads it that way. Letters spaced apart are spelled ("P U E"); a word is read as a word.
 */

/** Units after a figure: [singular, plural]. Case-sensitive keys, as the press prints them. */
export const UNITS: Record<string, [string, string]> = {
  W: ['watt', 'watts'],
  kW: ['kilowatt', 'kilowatts'],
  MW: ['megawatt', 'megawatts'],
  GW: ['gigawatt', 'gigawatts'],
  TW: ['terawatt', 'terawatts'],
  kWh: ['kilowatt hour', 'kilowatt hours'],
  MWh: ['megawatt hour', 'megawatt hours'],
  GWh: ['gigawatt hour', 'gigawatt hours'],
  TWh: ['terawatt hour', 'terawatt hours'],
  kV: ['kilovolt', 'kilovolts'],
  kVA: ['kilovolt ampere', 'kilovolt amperes'],
  MVA: ['megavolt ampere', 'megavolt amperes'],
  Mbps: ['megabit per second', 'megabits per second'],
  Gbps: ['gigabit per second', 'gigabits per second'],
  Tbps: ['terabit per second', 'terabits per second'],
  GHz: ['gigahertz', 'gigahertz'],
  Hz: ['hertz', 'hertz'],
  '°C': ['degree Celsius', 'degrees Celsius'],
  '°F': ['degree Fahrenheit', 'degrees Fahrenheit'],
  'm²': ['square metre', 'square metres'],
  m2: ['square metre', 'square metres'],
  sqm: ['square metre', 'square metres'],
  'sq ft': ['square foot', 'square feet'],
  km: ['kilometre', 'kilometres'],
  PB: ['petabyte', 'petabytes'],
  TB: ['terabyte', 'terabytes'],
  EB: ['exabyte', 'exabytes'],
};

/** Currencies before or after an amount: code or sign -> [singular, plural]. */
export const CURRENCIES: Record<string, [string, string]> = {
  EUR: ['euro', 'euros'],
  '€': ['euro', 'euros'],
  USD: ['dollar', 'dollars'],
  US$: ['dollar', 'dollars'],
  $: ['dollar', 'dollars'],
  GBP: ['pound', 'pounds'],
  '£': ['pound', 'pounds'],
  CHF: ['Swiss franc', 'Swiss francs'],
  JPY: ['yen', 'yen'],
  '¥': ['yen', 'yen'],
  SEK: ['Swedish krona', 'Swedish kronor'],
  NOK: ['Norwegian krone', 'Norwegian kroner'],
  DKK: ['Danish krone', 'Danish kroner'],
  INR: ['rupee', 'rupees'],
  AUD: ['Australian dollar', 'Australian dollars'],
  CAD: ['Canadian dollar', 'Canadian dollars'],
  SGD: ['Singapore dollar', 'Singapore dollars'],
};

/** Scales after an amount ("EUR 850m", "$1.2bn"). */
export const SCALES: Record<string, string> = {
  thousand: 'thousand',
  k: 'thousand',
  million: 'million',
  mn: 'million',
  m: 'million',
  billion: 'billion',
  bn: 'billion',
  b: 'billion',
  trillion: 'trillion',
  tn: 'trillion',
};

/**
 * Terms said a particular way: acronyms spelled, names read as words, mixed-case brands split. Matched as
 * whole words, case-sensitive ("US" the country, not "us").
 */
export const TERMS: Record<string, string> = {
  // The field.
  PUE: 'P U E',
  WUE: 'W U E',
  CUE: 'C U E',
  UPS: 'U P S',
  PDU: 'P D U',
  PDUs: 'P D Us',
  CRAC: 'crack',
  CRAH: 'C R A H',
  HVAC: 'H vac',
  DCIM: 'D C I M',
  BESS: 'bess',
  PPA: 'P P A',
  PPAs: 'P P As',
  SLA: 'S L A',
  GPU: 'G P U',
  GPUs: 'G P Us',
  CPU: 'C P U',
  CPUs: 'C P Us',
  TPU: 'T P U',
  AI: 'A I',
  HPC: 'H P C',
  IT: 'I T',
  DC: 'D C',
  AC: 'A C',
  CO2: 'C O 2',
  ASHRAE: 'ash ray',
  LEED: 'leed',
  SCADA: 'scada',
  DDoS: 'D dos',
  NIS2: 'NIS 2',
  GDPR: 'G D P R',
  IPO: 'I P O',
  CEO: 'C E O',
  CFO: 'C F O',
  CTO: 'C T O',
  'M&A': 'M and A',
  REIT: 'reet',
  REITs: 'reets',
  EU: 'E U',
  US: 'U S',
  UK: 'U K',
  UAE: 'U A E',
  APAC: 'A pack',
  EMEA: 'E M E A',
  // Grid operators and regulators.
  ERCOT: 'ER cot',
  FERC: 'ferk',
  PJM: 'P J M',
  IEA: 'I E A',
  NERC: 'nerk',
  // Companies.
  AWS: 'A W S',
  IBM: 'I B M',
  HPE: 'H P E',
  AMD: 'A M D',
  NTT: 'N T T',
  TSMC: 'T S M C',
  QTS: 'Q T S',
  OVHcloud: 'O V H cloud',
  OVH: 'O V H',
  NVIDIA: 'en vidia',
  Nvidia: 'en vidia',
  CoreWeave: 'Core Weave',
  xAI: 'x A I',
  OpenAI: 'Open A I',
  CyrusOne: 'Cyrus One',
  NextDC: 'Next D C',
  NEXTDC: 'Next D C',
  AirTrunk: 'Air Trunk',
  STACK: 'Stack',
  EdgeConneX: 'Edge Connex',
  Vantage: 'Vantage',
  SoftBank: 'Soft Bank',
  KKR: 'K K R',
  GIP: 'G I P',
  CPP: 'C P P',
  // Abbreviations.
  'e.g.': 'for example',
  'i.e.': 'that is',
  'vs.': 'versus',
  'approx.': 'approximately',
  'Inc.': 'Inc',
  'Ltd.': 'Limited',
};

/** All-capital words read as words, never spelled: everything else of two to four capitals is spelled out. */
export const READ_AS_WORDS = new Set(['NATO', 'NASA', 'UNESCO', 'OPEC', 'LAN', 'WAN', 'RAM', 'SaaS', 'CAPEX', 'OPEX']);

/** Roman numerals of the Uptime Institute's tiers. */
export const TIERS: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4 };
