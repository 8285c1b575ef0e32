/**
 * What a person's name and a job title look like in a page's text: two to four capitalised words of
 * letters (particles such as "van", "de", "al-" and initials allowed) that name no organisation,
 * product or button; a short line of a title's words. The people readers (people.ts) share them.
 */

export const ORGANISATION_WORDS =
  /\b(inc|llc|ltd|limited|gmbh|ag|sa|sas|bv|plc|corp|corporation|company|co|group|team|staff|editors?|editorial|newsroom|admin|support|sales|marketing|press|media|studio|labs?|solutions|services|technologies|software|systems|agency|foundation|university|contributors?|desk|bureau|newsdesk|hospital|clinic|institute|center|centre|association|society|department|magazine|market|teams|farms?|shop|store|cafe|restaurant|bakery|church|school|academy|club|museum|library|hotel|bank|supply|supplies|supplier)\b\.?$/i;
const NOT_A_NAME =
  /\b(read|more|about|contact|email|linkedin|twitter|github|view|profile|learn|get|started|sign|log|home|our|the|and|with|for|all|open|roles?|jobs?|careers?|join|send|submit|tips?|write|written|posted|published|updated|reviewed|edited|call|select|country|meet|featured|resources|related|popular|recent|latest|trending|introducing|welcome|announcing|congratulations|subscribe|share|follow|download|find|locate|locations?|directions|nearest|near|visit|book|schedule|request|shop|buy|order|explore|discover|search|apply|donate|register|watch|listen|start|try|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mornings?|afternoons?|evenings?|nights?|weekends?)\b/i;
/** Words of a desk or a group that signs a byline ("Staff Reports", "Team Tiger Data", "News Desk"), wherever they stand: no person's. */
const DESK_WORDS =
  /\b(team|staff|reports?|desk|news|newsroom|newsdesk|editors|editorial|bureau|contributors|wire|colaborador(?:es|as)|textos|redação|redacao|redacción|redaccion|equipe|equipo)(?![\p{L}])/iu;
/** An event's or a period's word closing a title ("Founder Summit Week", "Design Awards"): an event, no person. */
const EVENT_WORD =
  /\s(?:summit|week|weekend|conference|festival|expo|awards?|forum|congress|convention|symposium|webinar|meetup|hackathon|showcase|gala|championships?)$/i;
/** Words of a site's legal and service links ("Privacy Policy", "Terms of Use"): a link, not a person. */
const SITE_LINK_WORDS = /\b(privacy|policy|policies|terms|cookies?|conditions|disclaimer|accessibility|sitemap|copyright|newsletter|checkout|cart|faq)\b/i;
/** Words of a job title, not of a name: a role line is not a person. */
const TITLE_WORDS =
  /\b(chief|executive|officer|director|manager|founder|co-founder|cofounder|president|vice|head|senior|junior|lead|engineer|editor|principal|consultant|specialist|coordinator|assistant|associate|analyst|developer|designer|advisor|adviser|administrator|ceo|cto|cfo|coo|vp|professional|certificate|program|programme|services?|benefits|assistance|funding|education|copywriter|writer|marketer|strategist|seo|journalist|reporter|correspondent|columnist|blogger|webmaster|moderator|freelancer|intern|expert|partner|managing|chair|chairman|chairwoman|chairperson|board|trustee|treasurer|secretary|paralegal|attorney|counsel|owner|psychologist|psychiatrist|therapist|counsell?or|clerk|commissioner|inspector|superintendent|deputy|registrar|receptionist)\b/i;

/** First words of products named after their maker ("Microsoft Teams", "Google Chat"): a product, not a person. */
const MAKERS =
  /^(google|microsoft|apple|amazon|meta|facebook|adobe|salesforce|zoom|slack|oracle|ibm|samsung|shopify|hubspot|atlassian|zoho|cisco|intel|nvidia|sony|tesla)\b/i;

/** Two to four words of letters, not an organisation's, a product's or a button's words (a call to action or a place finder: "Find A Location", "Book An Appointment"). */
export function looksLikePersonName(text: string): boolean {
  const name = text.replace(/\s+/g, ' ').trim();
  // A second surname or a maiden name in brackets between the names: "Paramita (Guha) Ghosh".
  const bracketed = /^(\S+) \(\p{Lu}[\p{L}'’-]+\) (\S.*)$/u.exec(name);
  if (bracketed) return looksLikePersonName(`${bracketed[1]} ${bracketed[2]}`);
  if (!name || name.length > 60 || /[@\d:/|]/.test(name) || !/^[\p{L}'’.\- ]+$/u.test(name)) return false;
  // "Junior Gaspard" is a name, "Junior Developer" a title.
  const first = /^(?:junior|senior)\s+(.+)$/i.exec(name)?.[1];
  const titleWords = first && !JOB_WORDS.test(first) ? first : name;
  if (
    ORGANISATION_WORDS.test(name) ||
    DESK_WORDS.test(name) ||
    EVENT_WORD.test(name) ||
    SITE_LINK_WORDS.test(name) ||
    NOT_A_NAME.test(name) ||
    TITLE_WORDS.test(titleWords) ||
    MAKERS.test(name)
  )
    return false;
  // A word in capitals beside words that are not ("Codiant WP", "XLAB Steampunk") is an acronym or a brand; a possessive ("Farmer's") names a business.
  const spelled = name.split(' ').filter((word, index) => index === 0 || !GENERATION.test(word));
  const capitals = spelled.every((word) => /^[\p{Lu}'’.\-]+$/u.test(word));
  if (spelled.some((word) => (capitals ? /^\p{Lu}{2}$/u : /^\p{Lu}{2,}$/u).test(word))) return false;
  if (spelled.some((word) => /['’]s$/i.test(word))) return false;
  // Two words run together ("FurrerUpdated"), unlike a name's own inner capital ("McDonald", "DiCaprio", "MacArthur").
  if (spelled.some((word) => /\p{Ll}{3}\p{Lu}\p{Ll}{3}/u.test(word))) return false;
  // Every word capitalised, as names are written (particles such as "van", "de", "al-" excepted).
  const words = name.split(' ');
  if (!words.every((word) => /^\p{Lu}/u.test(word) || PARTICLE.test(word) || PREFIXED.test(word))) return false;
  // Two to four words besides the particles and a generation ("María José de la Fuente", "W. James Antle III"); the first may be an initial ("J. R. Martínez").
  const core = words.filter((word) => !PARTICLE.test(word) && !GENERATION.test(word));
  if (core.length < 2 || core.length > 4) return false;
  // Letters of any script: "Венера Ерофеева" as much as "Zoë Lind".
  const letters = (word: string) => word.normalize('NFKD').replace(/[^\p{L}]|[\u0300-\u036f]/gu, '').length;
  return letters(core[core.length - 1]) >= 2 && (letters(core[0]) >= 2 || /^\p{Lu}\.?$/u.test(core[0]));
}

/** Korean surnames (one syllable, or the compound ones): a Hangul name opens with one. */
const HANGUL_SURNAME =
  /^(?:남궁|황보|제갈|선우|독고|사공|서문|[김이박최정강조윤장임한오서신권황안송류유홍전고문양손배백허남심노하곽성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용예경봉사부탁])/;

/**
 * A Korean name as a byline or a list of the site's writers writes it: two to four Hangul syllables
 * opening with a surname ("정덕현", "남궁민수"). Hangul has no capitals, so only a place that states a
 * person (a byline's "기자", a list of columnists) reads one: a Hangul word alone is no name.
 */
export function looksLikeHangulName(text: string): boolean {
  const name = text.trim();
  return /^[가-힣]{2,4}$/.test(name) && HANGUL_SURNAME.test(name) && (name.length > 2 || !/^(?:남궁|황보|제갈|선우|독고|사공|서문)/.test(name));
}

/** A generation after a name: "Jr.", "Sr.", "II", "III", "IV". */
const GENERATION = /^(?:Jr|Sr)\.?$|^(?:II|III|IV)$/;
/** Lower-case words inside names: "Jan de Vries", "Anna van der Berg", "Beatriz dos Santos", "Ortega y Gasset". */
const PARTICLE = /^(?:van|von|de|der|den|des|del|della|degli|di|da|das|do|dos|du|la|le|lo|ter|ten|te|op|zu|bin|bint|ibn|ben|al|el|y)$/;
/** A surname with its particle joined: "al-Masri", "el-Amin", "d'Angelo". */
const PREFIXED = /^(?:al|el|ad|ash|as|at|az|ibn|bin|bint|abu|d|l)['’-]\p{Lu}/u;

/** A wire service named in a byline: its writers are the agency's, not the site's ("By Jane Roe, AP National Writer"). */
export const WIRE = /\b(?:AP|Associated\s+Press|Reuters|AFP|Agence\s+France-Presse|UPI|PA\s+Media|Xinhua|Kyodo)\b/i;

export const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
/** A title written before a name. */
const HONORIFIC = /^(?:dr|prof|professor|mr|mrs|ms|mx|sen|senator|rep|gov|hon|rev|revd|sir|dame)\.?\s+(?=\p{Lu})/iu;
/**
 * A public office written before a name ("Sen. Jane Doe", "Governor Jane Doe", "Mayor Jane Doe"):
 * the person holds it at a government, another organisation than a site that is no government's.
 */
export const PUBLIC_OFFICE =
  /^(?:sen|senator|rep|representative|gov|governor|congressman|congresswoman|assemblyman|assemblywoman|councilman|councilwoman|councillor|mayor|ambassador)\.?\s+(?=\p{Lu})/iu;
/** Degrees and licences written after a name ("Jane Doe, Ph.D., CPA"). */
const CREDENTIAL = String.raw`(?:ph\.?\s?d|m\.?d|d\.?o|cpa|rn|rd|dds|dmd|mba|jd|esq|cfp|cfa|msc|lcsw|np|pa-c|faap|facs)\.?`;
/** The same, as running text writes them after a name ("Jane Doe, MD, associate professor"). */
export const DEGREE = String.raw`(?:Ph\.?\s?D|M\.?D|D\.O|CPA|RN|RD|DDS|DMD|MBA|JD|Esq|CFP|CFA|MSc|LCSW|NP|PA-C|FAAP|FACS)\.?`;
const CREDENTIALS = new RegExp(String.raw`(?:,\s*${CREDENTIAL})+$`, 'i');
/** A name as an author box writes it: "About Jane Doe", "Sobre Jane Doe", "By Jane Doe" are Jane Doe. */
export function nameOf(text: string | null | undefined): string {
  // "ByMaria Stoyanova": the prefix and the name in two elements with no space between.
  const name = clean(text)
    // An author link's words ("View all posts by Jane Doe", "More from Jane Doe") and a byline's separator after it ("Jane Doe -").
    .replace(/^(?:view\s+)?(?:all\s+)?(?:(?:posts|articles|stories|more)\s+(?:by|from)|more\s+from)\s+/i, '')
    .replace(/\s*[-–—|•·:,]+$/, '')
    // A sentence's full stop after the name ("… and Alice Brennan."), not an initial's ("Jr.").
    .replace(/(?<=\p{Ll}{2})\.$/u, '')
    .replace(/^(about|sobre|über|à propos de|acerca de|by|por|von|par|door|di)\s+/i, '')
    .replace(/^(?:[Bb]y|[Pp]or|[Vv]on|[Pp]ar)(?=\p{Lu}\p{Ll})/u, '')
    // "Dr. Ehsan Jazini", "Genevieve Carlton, Ph.D.", "Colin Smith, CPA": the name without title or degree.
    .replace(HONORIFIC, '')
    .replace(CREDENTIALS, '');
  // An image's alt text and the name beside it: "Jane Doe Jane Doe".
  const words = name.split(' ');
  const half = words.length / 2;
  return words.length % 2 === 0 && words.slice(0, half).join(' ') === words.slice(half).join(' ') ? words.slice(0, half).join(' ') : name;
}

/** A short role line: a job title, not a sentence. */
export function roleOf(text: string | null | undefined): string | null {
  // Without a closing quote a script's string leaves ("authors: 'Jane Doe, news reporter'").
  const role = clean(text).replace(/(?<=\p{L})['’"”]+$/u, '');
  if (role.length < 2 || role.length > 80 || /[@<>]|https?:/.test(role) || role.split(' ').length > 10) return null;
  return role;
}

/** Words that make a line a job title. */
export const JOB_WORDS =
  /\b(founder|co-?founder|owner|partner|principal|chair\w*|president|ceo|cto|cfo|coo|cmo|cio|ciso|cso|cdo|cco|chro|cpo|cro|vp|svp|evp|chief|officer|head|director|manager|lead|leader|executive|engineer\w*|developer|tester|designer|architect|scientist|research\w*|analyst|consultant|advis[eo]r|specialist|coordinator|associate|assistant|administrator|editor\w*|writer|author|journalist|reporter|correspondent|columnist|contributor|copywriter|producer|photographer|photojournalist|marketing|sales|support|operations|finance|accountant|attorney|lawyer|counsel|paralegal|nurse|doctor|physician|dentist|hygienist|therapist|coach|trainer|teacher|professor|instructor|baker|chef|agent|broker|representative|recruiter|intern|secretary|treasurer|trustee|director|staff|member|strategist|product|success|community|people|hr|legal|sommelier|stylist|technician|electrician|plumber|mechanic|surgeon|pharmacist|veterinarian|psychologist|psychiatrist|counsell?or|curator|librarian|pastor|ambassador|dietitian|nutritionist|clerk|commissioner|inspector|superintendent|deputy|registrar|receptionist|expert)\b/i;

const AUTHOR_LINK_WORDS = /\b(?:more|view|read|see|posts|articles|stories|by)\b/i;
/** A short line that is a job title ("Senior Editor", "Co-Founder & Marketing Director"), not a name or a sentence. */
export function titled(text: string | undefined): string | null {
  const role = roleOf(text);
  // "About the Author" is a heading over a box, not a title.
  // "More by this contributor", "View all posts" are an author link's words, not a title.
  return role && JOB_WORDS.test(role) && !/^about\b/i.test(role) && !AUTHOR_LINK_WORDS.test(role) && !looksLikePersonName(role) && role.split(' ').length <= 6
    ? role
    : null;
}
