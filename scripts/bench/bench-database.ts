// The bench database shared by `npm run bench:inbox` and `npm run bench:reports`: academy_bench on
// a PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres), filled once with 1,000,000 messages over two
// years and kept between runs (filling takes a few minutes); `--refill` starts it again.

import { readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { migrationsFolder, openDatabase, setDatabase } from "../../app/db/client.server";
import { createAdmin } from "../../app/features/admins/admins.server";

export const TARGET = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
export const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const refill = process.argv.includes("--refill");

async function ensureDatabase() {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    if (refill) await client.query("DROP DATABASE IF EXISTS academy_bench WITH (FORCE)");
    const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'academy_bench'");
    if (!exists.rowCount) await client.query("CREATE DATABASE academy_bench");
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = "/academy_bench";
  return url.toString();
}

async function fill(handle: Awaited<ReturnType<typeof openDatabase>>) {
  const db = handle.db;
  const [{ total } = { total: 0 }] = (
    await db.execute(sql`select count(*)::int as total from messages`)
  ).rows as {
    total: number;
  }[];
  if (total >= TARGET) {
    console.log(`Reusing ${total.toLocaleString("en")} messages in academy_bench.`);
    return;
  }
  console.log(`Filling academy_bench with ${(TARGET - total).toLocaleString("en")} messages...`);
  const started = performance.now();
  for (let index = 0; index < 5; index++) {
    await createAdmin(null, {
      name: `Bench Admin ${index}`,
      email: `bench${index}@academy.test`,
      phone: "0800",
      password: "bench-password",
      role: index === 0 ? "super_admin" : "admin",
      is_active: true,
    }).catch(() => undefined);
  }
  // Building the search index once at the end is much faster than updating it row by row.
  await db.execute(sql`drop index if exists messages_search_trgm_idx`);
  const batch = 100_000;
  for (let done = total; done < TARGET; done += batch) {
    const size = Math.min(batch, TARGET - done);
    await db.execute(sql`
      with names as (
        select
          ${sql.raw(sqlArray(firstNames))} as first_names,
          ${sql.raw(sqlArray(surnames))} as surnames,
          ${sql.raw(sqlArray(domains))} as domains,
          ${sql.raw(sqlArray(courseTitles))} as course_titles,
          ${sql.raw(sqlArray(openings))} as openings
      )
      insert into messages (form_type, full_name, email, phone, subject, message, inquiry_type, course_interest,
        contact_method, consent_given, status, priority, assigned_to, created_at, updated_at, replied_at)
      select
        (case when r.g % 3 = 0 then 'contact' else 'inquiry' end)::message_form_type,
        r.first_name || ' ' || r.surname,
        lower(r.first_name) || '.' || lower(r.surname) || (r.g % 997) || '@' || n.domains[1 + (r.g / 7) % array_length(n.domains, 1)],
        '080' || lpad(((r.g::bigint * 7919) % 100000000)::text, 8, '0'),
        case when r.g % 3 = 0 then (array['Course Information','Enrollment Inquiry','Technical Support','Partnership Opportunities','Career Guidance','Other'])[1 + r.g % 6] end,
        n.openings[1 + (r.g / 11) % array_length(n.openings, 1)] || ' ' || r.course || '. '
          || (array['Is there a weekend class?','Can I pay in instalments?','Do you offer certificates?','I work in Ikeja during the week.','What laptop do I need?','Are there discounts for students?'])[1 + (r.g / 13) % 6],
        case when r.g % 3 <> 0 then (array['I''m interested in a course','I want to know about pricing','Partnership / collaboration','General questions','Other'])[1 + r.g % 5] end,
        case when r.g % 3 <> 0 then r.course end,
        case when r.g % 3 <> 0 then (array['Email','Phone / WhatsApp'])[1 + r.g % 2] end,
        r.g % 3 <> 0,
        (array['unread','read','read','replied','archived'])[1 + r.g % 5]::message_status,
        (array['normal','normal','normal','low','high','urgent'])[1 + (r.g / 5) % 6]::message_priority,
        case when r.g % 4 = 0 then (select id from admins order by email offset (r.g % 5) limit 1) end,
        now() - (r.g * interval '63 seconds'),
        now() - (r.g * interval '63 seconds'),
        -- Replied messages were answered 10 minutes to 40 hours after they arrived.
        case when r.g % 5 = 3 then now() - (r.g * interval '63 seconds') + ((10 + (r.g * 37) % 2390) * interval '1 minute') end
      from names n, lateral (
        select g,
          n.first_names[1 + (g * 31) % array_length(n.first_names, 1)] as first_name,
          n.surnames[1 + (g * 17 / 3) % array_length(n.surnames, 1)] as surname,
          n.course_titles[1 + (g / 3) % array_length(n.course_titles, 1)] as course
        from generate_series(${done + 1}::int, ${done + size}::int) as g
      ) r
    `);
    process.stdout.write(`  ${(done + size).toLocaleString("en")}\r`);
  }
  console.log("\nBuilding the search index...");
  await db.execute(sql.raw(searchIndexSql()));
  await db.execute(sql`vacuum analyze messages`);
  // The count tables took one update per message: vacuumed, they are their real size again.
  await db.execute(sql`vacuum analyze message_hourly_counts, inquiry_daily_counts`);
  console.log(`\nFilled in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** The trigram index exactly as migration 0003 creates it. */
function searchIndexSql() {
  const migration = readFileSync(
    path.join(migrationsFolder, "0003_message_search_and_counters.sql"),
    "utf8",
  );
  const statement = migration
    .split("--> statement-breakpoint")
    .find((part) => part.includes("messages_search_trgm_idx"));
  if (!statement) throw new Error("The search index is missing from migration 0003");
  return statement.replace(/^--.*$/gm, "").trim();
}

const firstNames = [
  "Adaeze",
  "Tunde",
  "Chiamaka",
  "Emeka",
  "Funke",
  "Ibrahim",
  "Ngozi",
  "Segun",
  "Zainab",
  "Olumide",
  "Bisi",
  "Chinedu",
  "Damilola",
  "Efe",
  "Folake",
  "Gbenga",
  "Halima",
  "Ifeanyi",
  "Jumoke",
  "Kelechi",
  "Lanre",
  "Maryam",
  "Nnamdi",
  "Oluchi",
  "Peter",
  "Quadri",
  "Rukayat",
  "Sade",
  "Tobi",
  "Uche",
  "Victoria",
  "Wale",
  "Yemisi",
  "Zubair",
  "Amaka",
  "Babajide",
  "Chioma",
  "Dayo",
  "Ebere",
  "Femi",
  "Grace",
  "Hassan",
  "Ijeoma",
  "Jide",
  "Kemi",
  "Lola",
  "Musa",
  "Nkechi",
  "Obinna",
  "Precious",
  "Rotimi",
  "Simisola",
  "Temitope",
  "Usman",
  "Yusuf",
  "Aisha",
  "Bola",
  "Chidi",
  "Deborah",
  "Eniola",
];
const surnames = [
  "Okafor",
  "Bakare",
  "Obi",
  "Adeyemi",
  "Eze",
  "Musa",
  "Balogun",
  "Nwosu",
  "Lawal",
  "Okonkwo",
  "Adebayo",
  "Chukwu",
  "Danjuma",
  "Ekwueme",
  "Fashola",
  "Garba",
  "Ibekwe",
  "Johnson",
  "Kalu",
  "Lukman",
  "Mohammed",
  "Nwachukwu",
  "Ogunleye",
  "Onyeka",
  "Pepple",
  "Quadri",
  "Salami",
  "Taiwo",
  "Udeh",
  "Williams",
  "Yakubu",
  "Abiodun",
  "Bello",
  "Chinwe",
  "Dike",
  "Edet",
  "Fagbemi",
  "Gowon",
  "Hamza",
  "Idowu",
  "Jaja",
  "Kolawole",
  "Lateef",
  "Madu",
  "Nnaji",
  "Ojo",
  "Okeke",
  "Olawale",
  "Onuoha",
  "Oyelaran",
  "Sanusi",
  "Tinubu",
  "Uba",
  "Wike",
  "Yusuf",
  "Ajayi",
  "Akande",
  "Babangida",
  "Ezeh",
  "Ikwuemesi",
];
const domains = [
  "gmail.com",
  "yahoo.com",
  "outlook.com",
  "hotmail.com",
  "icloud.com",
  "proton.me",
  "ymail.com",
  "live.com",
];
export const courseTitles = [
  "UI/UX Design Fundamentals",
  "Digital Marketing Essentials",
  "Data Analysis with Excel, SQL & Power BI",
  "Frontend Web Development",
  "Machine Learning in Practice",
  "Backend Engineering with Python & Django",
  "Cloud Computing with AWS",
  "Cybersecurity for Small Businesses",
  "Mobile App Development with Flutter",
  "Product Design for Fintech",
  "Social Media & Video Marketing",
  "Python for Data Science",
];
const openings = [
  "Good afternoon, I would like to enrol in",
  "Hello, please send me the fees for",
  "I am interested in",
  "Can you tell me more about",
  "My company wants to sponsor two staff for",
  "When does the next cohort start for",
  "Is there an online option for",
  "I finished secondary school and want to start",
];

function sqlArray(values: string[]) {
  return `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}

export function percentile(sorted: number[], p: number) {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

/** Times `run` RUNS times after a warm-up and prints its median and p95 against `targetMs`. */
export async function measure(name: string, run: () => Promise<unknown>, targetMs = 50) {
  for (let warm = 0; warm < 3; warm++) await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(
    `${name.padEnd(52)} ${median.toFixed(1).padStart(7)} ms ${p95.toFixed(1).padStart(7)} ms  ${p95 < targetMs ? "ok" : `OVER ${targetMs} ms`}`,
  );
  return p95;
}

/** The filled bench database, set as the app's database; close the handle when done. */
export async function openBenchDatabase() {
  const url = await ensureDatabase();
  const handle = await openDatabase({ kind: "postgres", url, maxConnections: 4 });
  setDatabase(handle);
  await fill(handle);
  return handle;
}
