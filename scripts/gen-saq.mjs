// Builds the nine PCI DSS v4.0.1 SAQ questionnaire documents (schemas/saq/*.json) from the
// requirement lists in fixtures/pcidss/ (copied from ../shared/data, see its README). Question
// texts come from scripts/saq-texts/requirements.en-tr.tsv (one plain question per requirement id,
// English and Turkish, in our own words: never the standard's wording) and the guidance shown for a
// list's applicability note from scripts/saq-texts/guidance.en-tr.tsv. Run `node scripts/gen-saq.mjs`
// after changing a list or a text; the unit test checks the output. An id asked by a list without a
// text is an error.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.join(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'fixtures', 'pcidss');
// SAQ_OUT: another directory, for the test that the committed documents are the generator's output
const OUT = process.env.SAQ_OUT ?? path.join(ROOT, 'schemas', 'saq');
const VERSION = '4.0.1';

/** file suffix → [document id part, type as core/saq/saq-level.ts names it, English and Turkish title]. */
export const SAQ_FILES = {
  A: ['a', 'A', 'SAQ A', 'SAQ A'],
  'A-EP': ['a-ep', 'A-EP', 'SAQ A-EP', 'SAQ A-EP'],
  B: ['b', 'B', 'SAQ B', 'SAQ B'],
  'B-IP': ['b-ip', 'B-IP', 'SAQ B-IP', 'SAQ B-IP'],
  C: ['c', 'C', 'SAQ C', 'SAQ C'],
  'C-VT': ['c-vt', 'C-VT', 'SAQ C-VT', 'SAQ C-VT'],
  P2PE: ['p2pe', 'P2PE', 'SAQ P2PE', 'SAQ P2PE'],
  'D-Merchant': ['d-merchant', 'D', 'SAQ D for Merchants', 'Üye İşyerleri için SAQ D'],
  'D-ServiceProvider': ['d-service-provider', 'D-SP', 'SAQ D for Service Providers', 'Hizmet Sağlayıcılar için SAQ D'],
};

/** Our short paraphrase of each principal requirement (en, tr), reused by its sub-requirements. */
const PRINCIPAL = {
  1: ['network security controls are installed and maintained', 'ağ güvenlik kontrolleri kurulur ve sürdürülür'],
  2: ['every system component is configured securely', 'tüm sistem bileşenleri güvenli biçimde yapılandırılır'],
  3: ['stored account data is protected', 'saklanan hesap verileri korunur'],
  4: [
    'card data sent over open networks is strongly encrypted',
    'açık ağlarda gönderilen kart verileri güçlü biçimde şifrelenir',
  ],
  5: ['systems are protected against malware', 'sistemler kötü amaçlı yazılımlara karşı korunur'],
  6: [
    'systems and software are built and kept secure',
    'sistemler ve yazılımlar güvenli biçimde geliştirilir ve sürdürülür',
  ],
  7: ['access is limited to those whose job needs it', 'erişim yalnızca işi gerektirenlerle sınırlıdır'],
  8: ['users are identified and authenticated', 'kullanıcılar tanımlanır ve kimlikleri doğrulanır'],
  9: ['physical access to card data is restricted', 'kart verilerine fiziksel erişim kısıtlanır'],
  10: [
    'access to systems and card data is logged and watched',
    'sistemlere ve kart verilerine erişim kaydedilir ve izlenir',
  ],
  11: [
    'security of systems and networks is tested regularly',
    'sistemlerin ve ağların güvenliği düzenli olarak test edilir',
  ],
  12: ['security is backed by policies and programmes', 'güvenlik politika ve programlarla desteklenir'],
  A1: ['multi-tenant providers keep each customer apart', 'çok kiracılı sağlayıcılar her müşteriyi birbirinden ayırır'],
  A2: [
    'card-present terminals still on SSL or early TLS are safeguarded',
    'hâlâ SSL veya eski TLS kullanan kart terminalleri korunur',
  ],
  A3: ['designated entities show ongoing compliance', 'belirlenmiş kuruluşlar uyumu sürekli gösterir'],
};

const NOTE_ALIASES = {
  'vendor default accounts on e-commerce web server; applies to e-commerce web server hosting redirect/iframe; N/A if no merchant system in scope (e.g. fully outsourced MOTO)':
    'applies to e-commerce web server hosting redirect/iframe; N/A if no merchant system in scope (e.g. fully outsourced MOTO)',
  'only if merchant has bespoke or custom software; present in SAQ C PDF text though 6.2.3 is not':
    'only if merchant has bespoke or custom software',
};

/** Eligibility criteria per type, in our own words (Part 2: all must be selected). */
const ELIGIBILITY = {
  A: [
    ['Card-not-present sales only', 'Yalnızca kart ibraz edilmeyen satışlar'],
    [
      'Every payment page element comes from a validated third party',
      'Ödeme sayfasının tüm öğeleri doğrulanmış bir üçüncü taraftan gelir',
    ],
    [
      'No electronic storage, processing or transmission of account data on our systems',
      'Sistemlerimizde hesap verisi elektronik olarak saklanmaz, işlenmez veya iletilmez',
    ],
  ],
  'A-EP': [
    ['E-commerce sales only', 'Yalnızca e-ticaret satışları'],
    [
      'Our website controls how card data reaches the validated processor',
      'Web sitemiz kart verisinin doğrulanmış işlemciye nasıl ulaştığını etkiler',
    ],
    ['No electronic storage of account data', 'Hesap verisi elektronik olarak saklanmaz'],
  ],
  B: [
    [
      'Only imprint machines or standalone dial-out terminals',
      'Yalnızca baskı makineleri veya bağımsız çevirmeli terminaller',
    ],
    ['Terminals are not connected to other systems', 'Terminaller başka sistemlere bağlı değildir'],
    ['No electronic storage of account data', 'Hesap verisi elektronik olarak saklanmaz'],
  ],
  'B-IP': [
    [
      'Only standalone PTS-approved terminals connected over IP to the processor',
      'Yalnızca işlemciye IP ile bağlı bağımsız PTS onaylı terminaller',
    ],
    ['Terminals are not connected to other systems', 'Terminaller başka sistemlere bağlı değildir'],
    ['No electronic storage of account data', 'Hesap verisi elektronik olarak saklanmaz'],
  ],
  C: [
    ['Payment application systems connected to the internet', 'İnternete bağlı ödeme uygulaması sistemleri'],
    ['Payment systems are not connected to other systems', 'Ödeme sistemleri başka sistemlere bağlı değildir'],
    ['No electronic storage of account data', 'Hesap verisi elektronik olarak saklanmaz'],
  ],
  'C-VT': [
    [
      'Card data keyed one at a time into a validated virtual terminal',
      'Kart verisi tek tek doğrulanmış sanal terminale girilir',
    ],
    [
      'The computer used is isolated and has no card reader attached',
      'Kullanılan bilgisayar yalıtılmıştır ve kart okuyucu bağlı değildir',
    ],
    ['No electronic storage of account data', 'Hesap verisi elektronik olarak saklanmaz'],
  ],
  P2PE: [
    ['All payments go through a validated P2PE solution', 'Tüm ödemeler doğrulanmış bir P2PE çözümünden geçer'],
    ['No card data is entered into other systems', 'Kart verisi başka sistemlere girilmez'],
    ['No electronic storage of account data', 'Hesap verisi elektronik olarak saklanmaz'],
  ],
  'D-Merchant': [
    [
      'We are a merchant not eligible for any other SAQ type',
      'Başka hiçbir SAQ türüne uygun olmayan bir üye işyeriyiz',
    ],
  ],
  'D-ServiceProvider': [
    ['We are a service provider eligible to self-assess', 'Öz değerlendirme yapabilen bir hizmet sağlayıcıyız'],
  ],
};

const t = (en, tr) => ({ en, tr });
const TEXTS = path.join(import.meta.dirname, 'saq-texts');

/** A `key<TAB>en<TAB>tr` file of scripts/saq-texts (first line the header) → Map key → { en, tr }. */
function readTexts(file, keyName) {
  const [header, ...lines] = fs
    .readFileSync(path.join(TEXTS, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (header !== `${keyName}\ten\ttr`) throw new Error(`saq-texts/${file}: the header must be ${keyName}, en, tr`);
  const map = new Map();
  for (const line of lines) {
    const [key, en, tr, ...rest] = line.split('\t').map((cell) => cell.trim());
    if (!key || !en || !tr || rest.length) throw new Error(`saq-texts/${file}: want three cells in "${line}"`);
    if (map.has(key)) throw new Error(`saq-texts/${file}: ${key} twice`);
    map.set(key, t(en, tr));
  }
  return map;
}

/** Requirement id → its question (en, tr). */
const QUESTIONS = readTexts('requirements.en-tr.tsv', 'id');
/** A list's applicability note (as NOTE_ALIASES resolves it) → the guidance shown; other notes are provenance. */
const GUIDANCE = readTexts('guidance.en-tr.tsv', 'note');
const slug = (s) => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

function readTsv(file) {
  return fs
    .readFileSync(path.join(SOURCE, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'));
}

/** Requirement id → principal requirement key (1…12, A1…A3). */
const principalOf = (id) => id.split('.')[0];

/** The question for a listed id; a list asking an id without one is an error, never a made-up text. */
function questionText(id, file) {
  const text = QUESTIONS.get(id);
  if (!text) {
    throw new Error(`saq/saq-${file}.tsv asks ${id}, which has no question in saq-texts/requirements.en-tr.tsv`);
  }
  return text;
}

export function buildSaq(file, hierarchy) {
  const [idPart, type, titleEn, titleTr] = SAQ_FILES[file];
  const isD = type === 'D' || type === 'D-SP';
  const rows = readTsv(`saq/saq-${file}.tsv`);
  const bySection = new Map();
  for (const [id, rawNote = ''] of rows) {
    const node = hierarchy.get(id);
    if (!node?.assessable) throw new Error(`saq-${file}.tsv: ${id} is not an assessable v${VERSION} requirement`);
    const key = principalOf(id);
    const noteEn = NOTE_ALIASES[rawNote.trim()] ?? rawNote.trim();
    const question = {
      type: 'question',
      id: `req_${slug(id)}`,
      requirement: id,
      text: questionText(id, file),
      responseSet: 'saq',
    };
    if (GUIDANCE.has(noteEn)) question.guidance = GUIDANCE.get(noteEn);
    const section = key.startsWith('A') ? 'appendixA' : `req${key}`;
    if (!bySection.has(section)) bySection.set(section, []);
    bySection.get(section).push(question);
  }
  const need = (table, en, tr) => [{ table, column: 'question', message: t(en, tr) }];
  const options = [
    { value: 'inPlace', label: t('In Place', 'Uygulanıyor') },
    {
      value: 'inPlaceCcw',
      label: t('In Place with CCW', 'Telafi edici kontrolle uygulanıyor'),
      requires: need('appendixB', 'Add its Appendix B worksheet', 'Ek B çalışma sayfasını ekleyin'),
    },
    {
      value: 'notApplicable',
      label: t('Not Applicable', 'Uygulanamaz'),
      explain: true,
      requires: need('appendixC', 'Explain it in Appendix C', "Ek C'de açıklayın"),
    },
    ...(isD
      ? [
          {
            value: 'notTested',
            label: t('Not Tested', 'Test edilmedi'),
            explain: true,
            requires: need('appendixD', 'Explain it in Appendix D', "Ek D'de açıklayın"),
          },
        ]
      : []),
    { value: 'notInPlace', label: t('Not in Place', 'Uygulanmıyor') },
  ];
  const field = (id, input, en, tr, extra = {}) => ({ type: 'field', id, input, label: t(en, tr), ...extra });
  const col = (id, input, en, tr, extra = {}) => ({ id, input, label: t(en, tr), ...extra });
  const opt = (value, en, tr) => ({ value, label: t(en, tr) });
  const questionCol = col('question', 'questionRef', 'Requirement', 'Gereksinim', { required: true });
  const sections = [
    {
      id: 'part1',
      group: 'part1',
      title: t('Part 1: Contact details', 'Bölüm 1: İletişim bilgileri'),
      items: [
        field('companyName', 'text', 'Company name', 'Şirket adı', { required: true }),
        field('dba', 'text', 'Doing business as', 'Ticari unvan'),
        field('companyAddress', 'textarea', 'Address', 'Adres', { required: true }),
        field('website', 'text', 'Website', 'Web sitesi'),
        field('contactName', 'text', 'Contact name', 'İlgili kişi', { required: true }),
        field('contactTitle', 'text', 'Contact title', 'İlgili kişinin unvanı'),
        field('contactEmail', 'email', 'Contact email', 'İlgili kişinin e-postası', { required: true }),
        field('contactPhone', 'phone', 'Contact phone', 'İlgili kişinin telefonu', { required: true }),
        field('assessorCompany', 'text', 'Assessor company (if any)', 'Değerlendirici şirket (varsa)'),
        field('assessorName', 'text', 'Assessor name', 'Değerlendirici adı'),
        field('assessorEmail', 'email', 'Assessor email', 'Değerlendirici e-postası'),
      ],
    },
    {
      id: 'part2',
      group: 'part2',
      title: t('Part 2: Executive summary', 'Bölüm 2: Yönetici özeti'),
      items: [
        field('paymentChannels', 'multiselect', 'Payment channels', 'Ödeme kanalları', {
          required: true,
          minSelected: 1,
          options: [
            opt('ecommerce', 'E-commerce', 'E-ticaret'),
            opt('moto', 'Mail order / telephone order', 'Posta / telefonla sipariş'),
            opt('cardPresent', 'Card-present', 'Kart ibrazlı'),
          ],
        }),
        {
          type: 'table',
          id: 'locations',
          label: t('Locations', 'Lokasyonlar'),
          minRows: 1,
          maxRows: 500,
          columns: [
            col('facility', 'text', 'Type of facility', 'Tesis türü', { required: true }),
            col('count', 'number', 'Number of facilities', 'Tesis sayısı', { required: true }),
            col('place', 'text', 'City and country', 'Şehir ve ülke', { required: true }),
          ],
        },
        {
          type: 'table',
          id: 'products',
          label: t('Validated products and solutions', 'Doğrulanmış ürün ve çözümler'),
          maxRows: 200,
          columns: [
            col('name', 'text', 'Product or solution', 'Ürün veya çözüm', { required: true }),
            col('version', 'text', 'Version', 'Sürüm'),
            col('standard', 'text', 'Standard it is listed under', 'Listelendiği standart'),
            col('reference', 'text', 'Listing reference', 'Liste referansı'),
            col('expiry', 'date', 'Listing expiry', 'Liste geçerlilik sonu'),
          ],
        },
        {
          type: 'table',
          id: 'serviceProviders',
          label: t('Third-party service providers', 'Üçüncü taraf hizmet sağlayıcılar'),
          maxRows: 200,
          columns: [
            col('name', 'text', 'Name', 'Ad', { required: true }),
            col('service', 'textarea', 'Service provided', 'Sağlanan hizmet', { required: true }),
          ],
        },
        field('eligibility', 'multiselect', 'Eligibility criteria', 'Uygunluk kriterleri', {
          required: true,
          allSelected: true,
          options: ELIGIBILITY[file].map(([en, tr], i) => opt(`criterion${i + 1}`, en, tr)),
        }),
      ],
    },
  ];
  const order = [...Array.from({ length: 12 }, (_, i) => `req${i + 1}`), 'appendixA'];
  for (const section of order) {
    const questions = bySection.get(section);
    if (!questions) continue;
    const key = section === 'appendixA' ? null : section.slice(3);
    sections.push({
      id: section,
      group: 'requirements',
      title: key
        ? t(`Requirement ${key}: ${PRINCIPAL[key][0]}`, `Gereksinim ${key}: ${PRINCIPAL[key][1]}`)
        : t('Appendix A: additional requirements', 'Ek A: ek gereksinimler'),
      items: questions,
    });
  }
  const appendix = (id, en, tr, columns) => ({
    id,
    group: 'appendix',
    title: t(en, tr),
    items: [{ type: 'table', id, label: t(en, tr), maxRows: 300, columns: [questionCol, ...columns] }],
  });
  const reason = (en, tr) => col('reason', 'textarea', en, tr, { required: true });
  sections.push(
    appendix('appendixB', 'Appendix B: compensating-control worksheet', 'Ek B: telafi edici kontrol çalışma sayfası', [
      col(
        'constraints',
        'textarea',
        'Why the requirement cannot be met as written',
        'Gereksinim neden olduğu gibi karşılanamıyor',
        { required: true },
      ),
      col(
        'objective',
        'textarea',
        'Objective of the original control and how this meets it',
        'Asıl kontrolün amacı ve bunun nasıl karşılandığı',
        { required: true },
      ),
      col('risk', 'textarea', 'Added risk from not meeting it', 'Karşılanmamasının getirdiği ek risk', {
        required: true,
      }),
      col('controls', 'textarea', 'The compensating controls', 'Telafi edici kontroller', { required: true }),
      col('validation', 'textarea', 'How the controls were tested', 'Kontrollerin nasıl test edildiği', {
        required: true,
      }),
      col('maintenance', 'textarea', 'How they are kept in place', 'Nasıl sürdürüldükleri', { required: true }),
    ]),
    appendix('appendixC', 'Appendix C: why requirements do not apply', 'Ek C: gereksinimlerin neden uygulanamadığı', [
      reason('Why it does not apply', 'Neden uygulanamadığı'),
    ]),
  );
  if (isD) {
    sections.push(
      appendix('appendixD', 'Appendix D: requirements not tested', 'Ek D: test edilmeyen gereksinimler', [
        col('part', 'textarea', 'Which part was not tested', 'Hangi kısmın test edilmediği', { required: true }),
        reason('Why it was not tested', 'Neden test edilmediği'),
      ]),
    );
  }
  const isStatus = (value) => ({ '==': [{ var: 'status' }, value] });
  sections.push(
    {
      id: 'part3',
      group: 'part3',
      title: t('Part 3: Validation', 'Bölüm 3: Doğrulama'),
      items: [
        field('status', 'select', 'Compliance status', 'Uyum durumu', {
          required: true,
          options: [
            opt('compliant', 'Compliant', 'Uyumlu'),
            opt('nonCompliant', 'Non-Compliant', 'Uyumsuz'),
            opt('compliantLegalException', 'Compliant with legal exception', 'Yasal istisnayla uyumlu'),
          ],
        }),
        field('targetDate', 'date', 'Target date for compliance', 'Hedef uyum tarihi', {
          required: true,
          visible: isStatus('nonCompliant'),
        }),
        field(
          'legalRestriction',
          'textarea',
          'The legal restriction and the requirement it affects',
          'Yasal kısıtlama ve etkilediği gereksinim',
          {
            required: true,
            visible: isStatus('compliantLegalException'),
          },
        ),
        field('signerName', 'text', 'Signed by', 'İmzalayan', { required: true }),
        field('signerTitle', 'text', 'Signer title', 'İmzalayanın unvanı', { required: true }),
      ],
    },
    {
      id: 'part4',
      group: 'part4',
      title: t('Part 4: Action plan', 'Bölüm 4: Eylem planı'),
      visible: { '!=': [{ var: 'status' }, 'compliant'] },
      items: [
        {
          type: 'table',
          id: 'actionPlan',
          label: t('Action plan for requirements not in place', 'Uygulanmayan gereksinimler için eylem planı'),
          maxRows: 20,
          columns: [
            col('requirement', 'select', 'PCI DSS requirement', 'PCI DSS gereksinimi', {
              required: true,
              options: Object.keys(PRINCIPAL).map((k) => opt(`r${k}`, `Requirement ${k}`, `Gereksinim ${k}`)),
            }),
            col('remediation', 'textarea', 'Actions and dates', 'Eylemler ve tarihler', { required: true }),
            col('date', 'date', 'Planned date', 'Planlanan tarih'),
          ],
        },
      ],
    },
  );
  const rules = [
    {
      id: 'compliantNeedsNoNotInPlace',
      item: 'status',
      assert: { or: [{ '!=': [{ var: 'status' }, 'compliant'] }, { '!': { var: '_responses.notInPlace' } }] },
      message: t(
        'Compliant cannot be chosen while an answer is Not in Place',
        'Uygulanmıyor yanıtı varken Uyumlu seçilemez',
      ),
    },
  ];
  if (isD) {
    rules.push({
      id: 'notAllNotTested',
      assert: {
        or: [
          { '!': { var: '_responses.answered' } },
          { '<': [{ var: ['_responses.notTested', 0] }, { var: '_responses.answered' }] },
        ],
      },
      message: t('Not every answer may be Not Tested', 'Tüm yanıtlar Test edilmedi olamaz'),
    });
  }
  return {
    kind: 'questionnaire',
    id: `saq-${idPart}-${VERSION}`,
    body: {
      title: t(`${titleEn} (PCI DSS v${VERSION})`, `${titleTr} (PCI DSS v${VERSION})`),
      standard: { name: 'PCI DSS', version: VERSION, type },
      responseSets: { saq: { options } },
      sections,
      rules,
    },
  };
}

export function readHierarchy() {
  const map = new Map();
  for (const [id, depth, assessable, parent] of readTsv('pcidss-4.0.1-requirement-ids.tsv')) {
    if (id) map.set(id, { depth: Number(depth), assessable: assessable === 'true', parent });
  }
  return map;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const hierarchy = readHierarchy();
  for (const id of QUESTIONS.keys()) {
    if (!hierarchy.get(id)?.assessable) throw new Error(`saq-texts/requirements.en-tr.tsv: ${id} is not a requirement`);
  }
  fs.mkdirSync(OUT, { recursive: true });
  for (const file of Object.keys(SAQ_FILES)) {
    const document = buildSaq(file, hierarchy);
    fs.writeFileSync(path.join(OUT, `${document.id}.json`), `${JSON.stringify(document, null, 2)}\n`);
    console.log(
      `${document.id}: ${document.body.sections.flatMap((s) => s.items).filter((i) => i.type === 'question').length} questions`,
    );
  }
}
