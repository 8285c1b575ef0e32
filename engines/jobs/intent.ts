/**
 * Hiring intent from open roles: the transparent score documented on CompanyIntentResult in
 * spec/openapi.yaml, the hiring status thresholds, and the breakdowns.
 */
import { TECHNOLOGY_BY_NAME, POSTING_TECHNOLOGIES } from '../tech/technologies.ts';
import { POSTING_VENDOR_NAMES } from '../tech/keywords.ts';
import { countValues, NO_DEPARTMENT, TOP, topCounts } from './aggregate.ts';
import type { Job } from './types.ts';

export const FUNCTIONS = [
  'customer_success',
  'sales',
  'marketing',
  'data_ai',
  'design',
  'product',
  'engineering',
  'people',
  'finance',
  'legal',
  'operations',
  'other',
] as const;
export type JobFunction = (typeof FUNCTIONS)[number];

/** Tried in order on the title (then the department): the first that matches names the function. */
const FUNCTION_RULES: [JobFunction, RegExp][] = [
  [
    'customer_success',
    /\b(customer success|customer support|customer experience|support (engineer|specialist|agent)|onboarding|implementation|technical account manager|solutions? consultant)\b/i,
  ],
  ['sales', /\b(sales|account executive|account manager|business development|sdr|bdr|revenue|partnerships?|channel|solutions? engineer|pre-?sales)\b/i],
  ['marketing', /\b(marketing|growth|demand gen(eration)?|brand|content|seo|communications|pr|social media|community|events?)\b/i],
  ['data_ai', /\b(data|machine learning|ml|ai|llm|analytics|scientist|research scientist|mlops|nlp|computer vision|deep learning|bi)\b/i],
  ['design', /\b(design(er)?|ux|ui|user research(er)?|creative)\b/i],
  ['product', /\b(product (manager|management|owner|lead|director|operations)|head of product|vp,? product|cpo|program manager)\b/i],
  [
    'engineering',
    /\b(engineer(ing)?|developer|devops|sre|site reliability|software|backend|back-end|frontend|front-end|full[- ]?stack|architect|security|infrastructure|platform|qa|test|mobile|ios|android|firmware|cto)\b/i,
  ],
  ['people', /\b(people|talent|recruit(er|ing)|hr|human resources|people partner)\b/i],
  ['finance', /\b(finance|financial|accountant|accounting|controller|fp&a|tax|treasury|payroll|cfo|billing)\b/i],
  ['legal', /\b(legal|counsel|lawyer|attorney|compliance|privacy|paralegal)\b/i],
  ['operations', /\b(operations|ops|office|logistics|supply chain|procurement|facilities|administrat\w*|assistant|coordinator|chief of staff)\b/i],
];

export function jobFunction(job: Pick<Job, 'title' | 'departments'>): JobFunction {
  for (const [name, re] of FUNCTION_RULES) if (re.test(job.title)) return name;
  const department = job.departments.join(' ');
  if (department) for (const [name, re] of FUNCTION_RULES) if (re.test(department)) return name;
  return 'other';
}

export type Seniority = 'executive' | 'director' | 'senior' | 'lead' | 'individual';

export function seniority(title: string): Seniority {
  if (/\b(chief|c[etfmorip]o|vp|svp|evp|vice[- ]president|president|general manager)\b/i.test(title)) return 'executive';
  if (/\b(director|head of|head,)\b/i.test(title)) return 'director';
  if (/\b(lead|principal|staff|founding|manager)\b/i.test(title)) return 'lead';
  if (/\b(senior|sr\.?|expert)\b/i.test(title)) return 'senior';
  return 'individual';
}

const GO_TO_MARKET = new Set<JobFunction>(['sales', 'marketing']);
const SENIOR_FOR_NOTABLE = new Set<Seniority>(['executive', 'director']);

/** Senior (executive, director, principal, staff, lead, founding) or go-to-market (sales, marketing, partnerships). */
export function isNotable(job: Job, fn: JobFunction = jobFunction(job), level: Seniority = seniority(job.title)): boolean {
  return SENIOR_FOR_NOTABLE.has(level) || GO_TO_MARKET.has(fn) || /\b(principal|staff|lead|founding|partnerships?)\b/i.test(job.title);
}

export const BUYING_SIGNAL_GROUPS = ['cloud_infra', 'data_ai', 'databases', 'observability', 'sales_tools'] as const;
export type BuyingSignalGroup = (typeof BUYING_SIGNAL_GROUPS)[number];

/** Which vocabulary technologies (canonical names of engines/tech/technologies.ts) are each buying signal. */
const GROUP_MEMBERS: Record<BuyingSignalGroup, string[]> = {
  cloud_infra: [
    'Amazon Web Services',
    'Amazon S3',
    'Amazon EC2',
    'AWS Lambda',
    'Amazon EKS',
    'Google Cloud',
    'Google Kubernetes Engine',
    'Microsoft Azure',
    'Azure Kubernetes Service',
    'Kubernetes',
    'Terraform',
    'Docker',
    'Helm',
    'Pulumi',
    'Cloudflare',
    'Vercel',
    'OpenShift',
    'Ansible',
  ],
  data_ai: [
    'Snowflake',
    'Databricks',
    'BigQuery',
    'Amazon Redshift',
    'dbt',
    'Apache Airflow',
    'Apache Spark',
    'Apache Kafka',
    'Apache Flink',
    'Fivetran',
    'PyTorch',
    'TensorFlow',
    'scikit-learn',
    'OpenAI',
    'Anthropic',
    'Large language models',
    'LangChain',
    'Hugging Face',
    'Amazon SageMaker',
    'Vertex AI',
    'MLflow',
    'Pinecone',
    'Tableau',
    'Power BI',
    'Looker',
  ],
  databases: [
    'PostgreSQL',
    'MySQL',
    'MongoDB',
    'MongoDB Atlas',
    'Redis',
    'Elasticsearch',
    'Amazon DynamoDB',
    'Apache Cassandra',
    'ClickHouse',
    'Oracle Database',
    'Microsoft SQL Server',
    'CockroachDB',
    'Supabase',
    'Neo4j',
    'Firebase',
  ],
  observability: [
    'Datadog',
    'Datadog RUM',
    'New Relic',
    'Grafana',
    'Prometheus',
    'Splunk',
    'Sentry',
    'PagerDuty',
    'OpenTelemetry',
    'Honeycomb',
    'Dynatrace',
    'Kibana',
  ],
  sales_tools: [
    'Salesforce',
    'HubSpot',
    'Outreach.io',
    'Salesloft',
    'Gong',
    'ZoomInfo',
    'Apollo.io',
    'Clari',
    'LinkedIn Sales Navigator',
    'Adobe Marketo Engage',
    'Salesforce Pardot',
    'Pipedrive',
    'Clay.com',
    '6sense',
    'Demandbase',
    'Gainsight',
  ],
};

const POSTING_NAMES = new Set([...POSTING_TECHNOLOGIES.map((t) => t.name), ...POSTING_VENDOR_NAMES]);
const GROUP_OF = new Map<string, BuyingSignalGroup>();
for (const group of BUYING_SIGNAL_GROUPS) {
  for (const name of GROUP_MEMBERS[group]) {
    if (!TECHNOLOGY_BY_NAME.has(name) && !POSTING_NAMES.has(name))
      throw new Error(`buying signal ${group} names ${name}, which is not in the technology vocabulary`);
    GROUP_OF.set(name, group);
  }
}

export const buyingSignalGroup = (name: string): BuyingSignalGroup | undefined => GROUP_OF.get(name);

export type HiringStatus = 'hypergrowth' | 'active_hiring' | 'steady';

export interface NotableRole {
  job_id: string;
  title: string;
  department: string | null;
  location: string | null;
  function: JobFunction;
  seniority: Seniority;
  posted_at: string | null;
  url: string | null;
}

export interface IntentComponents {
  volume: number;
  velocity: number;
  go_to_market_senior: number;
  technology_breadth: number;
  expansion: number;
}

export interface HiringIntent {
  intent_score: number;
  hiring_status: HiringStatus;
  total_open_roles: number;
  remote_roles: number;
  roles_posted_last_30_days: number;
  roles_with_known_post_date: number;
  function_breakdown: Record<string, number>;
  department_breakdown: Record<string, number>;
  top_locations: Record<string, number>;
  top_demanded_technologies: Record<string, number>;
  buying_signals: Partial<Record<BuyingSignalGroup, string[]>>;
  notable_open_roles: NotableRole[];
  /** The score's parts, unrounded and before the small-sample factor (not part of the answer; for callers and tests). */
  components: IntentComponents;
  /** min(1, open roles / SMALL_BOARD_ROLES): what every component but volume is multiplied by. */
  sample_factor: number;
}

const DAY = 86_400_000;
const LEVEL_RANK: Record<Seniority, number> = { executive: 0, director: 1, lead: 2, senior: 3, individual: 4 };

export const MAX_NOTABLE = 10;

/**
 * The small-sample rule: a board with fewer than SMALL_BOARD_ROLES open roles has every component
 * but volume scaled by open_roles / SMALL_BOARD_ROLES (three fresh roles are not a hiring wave),
 * and is never hypergrowth.
 */
export const SMALL_BOARD_ROLES = 10;

export function hiringStatus(score: number, openRoles: number, postedLast30: number, dated: number): HiringStatus {
  if (openRoles >= SMALL_BOARD_ROLES && (score >= 75 || (openRoles >= 50 && dated > 0 && postedLast30 / dated >= 0.3))) return 'hypergrowth';
  if (score >= 40 || openRoles >= 5) return 'active_hiring';
  return 'steady';
}

/** The intent of a board's open roles at `now` (pure). */
export function hiringIntent(jobs: readonly Job[], now: Date): HiringIntent {
  const since = now.getTime() - 30 * DAY;
  let remote = 0;
  let dated = 0;
  let recent = 0;
  let notableCount = 0;
  const functions = new Map<string, number>();
  const countries = new Set<string>();
  const notable: { role: NotableRole; rank: number; at: number }[] = [];
  for (const job of jobs) {
    if (job.remote) remote++;
    if (job.posted_at) {
      dated++;
      if (Date.parse(job.posted_at) >= since) recent++;
    }
    for (const country of job.countries) countries.add(country.toLowerCase());
    const fn = jobFunction(job);
    functions.set(fn, (functions.get(fn) ?? 0) + 1);
    const level = seniority(job.title);
    if (isNotable(job, fn, level)) {
      notableCount++;
      notable.push({
        role: {
          job_id: job.job_id,
          title: job.title,
          department: job.departments[0] ?? null,
          location: job.locations[0] ?? null,
          function: fn,
          seniority: level,
          posted_at: job.posted_at,
          url: job.url,
        },
        rank: LEVEL_RANK[level] * 2 + (GO_TO_MARKET.has(fn) ? 0 : 1),
        at: job.posted_at ? Date.parse(job.posted_at) : 0,
      });
    }
  }
  const technologies = countValues(jobs, (job) => job.technologies);
  const signals: Partial<Record<BuyingSignalGroup, string[]>> = {};
  for (const [name] of [...technologies].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const group = GROUP_OF.get(name);
    if (group) (signals[group] ??= []).push(name);
  }
  const open = jobs.length;
  const components: IntentComponents = {
    volume: Math.min(30, 10 * Math.log2(1 + open)),
    velocity: dated >= 3 ? (25 * recent) / dated : 0,
    go_to_market_senior: Math.min(15, 3 * notableCount),
    technology_breadth: Math.min(20, 4 * Object.keys(signals).length + technologies.size / 2),
    expansion: Math.min(10, 2 * countries.size + (open > 0 && remote / open > 0.3 ? 4 : 0)),
  };
  const sample = Math.min(1, open / SMALL_BOARD_ROLES);
  const others = components.velocity + components.go_to_market_senior + components.technology_breadth + components.expansion;
  const score = Math.max(0, Math.min(100, Math.round(components.volume + sample * others)));
  notable.sort((a, b) => a.rank - b.rank || b.at - a.at || (a.role.job_id < b.role.job_id ? -1 : 1));
  return {
    intent_score: score,
    hiring_status: hiringStatus(score, open, recent, dated),
    total_open_roles: open,
    remote_roles: remote,
    roles_posted_last_30_days: recent,
    roles_with_known_post_date: dated,
    function_breakdown: topCounts(functions),
    department_breakdown: topCounts(countValues(jobs, (job) => job.departments, NO_DEPARTMENT)),
    top_locations: topCounts(
      countValues(jobs, (job) => job.locations),
      TOP,
    ),
    top_demanded_technologies: topCounts(technologies, TOP),
    buying_signals: signals,
    notable_open_roles: notable.slice(0, MAX_NOTABLE).map((n) => n.role),
    components,
    sample_factor: sample,
  };
}
