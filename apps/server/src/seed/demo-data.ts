/** The fixed parts of the demo network: what a coordinator would recognise at a glance. */

export type DemoCourse = {
  key: 'dbg' | 'af' | 'fop';
  name: string;
  description: string;
  priority: boolean;
  lessons: string[];
  decisions: string[];
  products: string[];
};

export type DemoSeminar = {
  key: 'revelation' | 'daniel';
  name: string;
  location: string;
  /** Index into demoSchools of the hosting school, then of the schools taking part. */
  host: number;
  participants: number[];
  time: string;
  /** Days from today of the first presentation, and days between presentations. */
  firstDay: number;
  every: number;
  presentations: string[];
  decisions: string[];
  products: string[];
};

export type DemoSchool = {
  code: string;
  conference: 0 | 1;
  churchName: string;
  city: string;
  state: string;
  zip: string;
  /** Students' phone numbers use the local area code. */
  areaCode: string;
  churchStreet: string;
  schoolStreet: string;
  /** Nearby towns for students' addresses. */
  towns: string[];
  /** Course keys offered; two schools leave one out so that moving a student can orphan an enrollment. */
  courses: DemoCourse['key'][];
  students: number;
};

export const demoConferences = ['Lake Union Conference', 'Southern Union Conference'] as const;

export const demoProducts = [
  { key: 'bible', name: 'Bible', price: '12.00' },
  { key: 'steps', name: 'Steps to Christ', price: '2.50' },
  { key: 'gc', name: 'The Great Controversy', price: '5.00' },
  { key: 'doa', name: 'The Desire of Ages', price: '6.00' },
  { key: 'dr', name: 'Daniel and Revelation Study Book', price: '8.50' },
] as const;

const commonDecisions = ['Accept Jesus as Saviour', 'Baptism', 'Keep the Sabbath', 'Join the church'];

export const demoCourses: DemoCourse[] = [
  {
    key: 'dbg',
    name: 'Discover Bible Guides',
    description: 'Twenty guides through the great themes of the Bible.',
    priority: true,
    lessons: [
      "The Bible: God's Word for Today",
      'The God Who Cares',
      'The Origin of Evil',
      'Jesus, Our Saviour',
      'A New Life in Christ',
      'Prayer: Talking with God',
      'The Law of Love',
      'The Sabbath: A Day of Rest',
      "Christ's Soon Return",
      'The Millennium',
      'What Happens at Death?',
      'The Sanctuary Message',
      "Daniel's Prophecy of the Ages",
      'Healthy Living',
      'Baptism: A New Beginning',
      'Gifts of the Spirit',
      'Faithful Stewardship',
      'The Remnant Church',
      'The Judgment',
      'Home at Last',
    ],
    decisions: [...commonDecisions, 'Daily Bible study'],
    products: ['bible', 'steps', 'gc'],
  },
  {
    key: 'af',
    name: 'Amazing Facts Study Guides',
    description: 'Fifteen short guides with questions to send back.',
    priority: false,
    lessons: [
      'Is There Anything Left You Can Trust?',
      'Did God Create the Devil?',
      'Rescue from Above',
      'A Colony in Heaven',
      'Shortcut to a Miracle',
      'Written in Stone',
      'Lost Day of History',
      'Ultimate Deliverance',
      'Are the Dead Really Dead?',
      'Is the Devil in Charge of Hell?',
      'A Thousand Years of Peace',
      'God Drew the Plans',
      "Earth's Final Warning",
      'The Bride of Christ',
      'Baptism: Is It Really Necessary?',
    ],
    decisions: commonDecisions,
    products: ['bible', 'steps'],
  },
  {
    key: 'fop',
    name: 'Focus on Prophecy',
    description: 'Twelve lessons on the prophecies of Daniel and Revelation.',
    priority: false,
    lessons: [
      'The Image of Daniel 2',
      'Four Beasts from the Sea',
      'The Ram and the Goat',
      'The 2,300 Days',
      'The Seventy Weeks',
      'The Seven Churches',
      'The Seven Seals',
      'The Seven Trumpets',
      'The Woman and the Dragon',
      'The Mark of the Beast',
      "The Three Angels' Messages",
      'A New Heaven and a New Earth',
    ],
    decisions: ['Accept Jesus as Saviour', 'Keep the Sabbath', 'Baptism', 'Join the church'],
    products: ['bible', 'gc', 'dr'],
  },
];

export const demoSeminars: DemoSeminar[] = [
  {
    key: 'revelation',
    name: 'Revelation of Hope Seminar',
    location: 'Riverside Community Church fellowship hall',
    host: 0,
    participants: [1, 2],
    time: '19:00',
    firstDay: -70,
    every: 7,
    presentations: [
      'Unlocking Revelation',
      'Letters to Seven Churches',
      "Heaven's Throne Room",
      'The Woman in the Wilderness',
      'The Beast and Its Mark',
      "The Three Angels' Messages",
      'Armageddon',
      'The New Jerusalem',
    ],
    decisions: [...commonDecisions, 'Request Bible studies'],
    products: ['bible', 'gc', 'doa'],
  },
  {
    key: 'daniel',
    name: 'Daniel Prophecy Seminar',
    location: 'Collegedale Hills Church',
    host: 3,
    participants: [4, 5],
    time: '18:30',
    firstDay: -14,
    every: 4,
    presentations: [
      "Nebuchadnezzar's Dream",
      'The Fiery Furnace',
      'The Handwriting on the Wall',
      "In the Lions' Den",
      'Four Beasts and a Little Horn',
      'The Time of the End',
    ],
    decisions: commonDecisions,
    products: ['bible', 'dr'],
  },
];

export const demoSchools: DemoSchool[] = [
  {
    code: '101',
    conference: 0,
    churchName: 'Riverside Community Church',
    city: 'Lansing',
    state: 'MI',
    zip: '48911',
    areaCode: '517',
    churchStreet: '5801 Riverside Drive',
    schoolStreet: '1410 West Saginaw Street',
    towns: ['Lansing', 'East Lansing', 'Okemos', 'Holt', 'Mason', 'Grand Ledge', 'DeWitt', 'Williamston'],
    courses: ['dbg', 'af', 'fop'],
    students: 80,
  },
  {
    code: '102',
    conference: 0,
    churchName: 'Lakeview Fellowship Church',
    city: 'Berrien Springs',
    state: 'MI',
    zip: '49103',
    areaCode: '269',
    churchStreet: '400 University Boulevard',
    schoolStreet: '8975 Garland Avenue',
    towns: ['Berrien Springs', 'Niles', 'St. Joseph', 'Benton Harbor', 'Stevensville', 'Buchanan', 'Eau Claire'],
    courses: ['dbg', 'af', 'fop'],
    students: 46,
  },
  {
    code: '103',
    conference: 0,
    churchName: 'Northside Community Church',
    city: 'Indianapolis',
    state: 'IN',
    zip: '46220',
    areaCode: '317',
    churchStreet: '6040 College Avenue',
    schoolStreet: '2215 East 62nd Street',
    towns: ['Indianapolis', 'Carmel', 'Fishers', 'Lawrence', 'Greenwood', 'Noblesville', 'Zionsville'],
    courses: ['dbg', 'af'],
    students: 42,
  },
  {
    code: '104',
    conference: 1,
    churchName: 'Collegedale Hills Church',
    city: 'Collegedale',
    state: 'TN',
    zip: '37315',
    areaCode: '423',
    churchStreet: '4829 College Drive East',
    schoolStreet: '9342 Apison Pike',
    towns: ['Collegedale', 'Ooltewah', 'Chattanooga', 'Cleveland', 'East Ridge', 'Apison', 'Harrison'],
    courses: ['dbg', 'af', 'fop'],
    students: 48,
  },
  {
    code: '105',
    conference: 1,
    churchName: 'Peachtree Grace Church',
    city: 'Atlanta',
    state: 'GA',
    zip: '30311',
    areaCode: '404',
    churchStreet: '2710 Campbellton Road SW',
    schoolStreet: '1835 Cascade Avenue SW',
    towns: ['Atlanta', 'Decatur', 'East Point', 'College Park', 'Smyrna', 'Marietta', 'Stone Mountain'],
    courses: ['dbg', 'fop'],
    students: 44,
  },
  {
    code: '106',
    conference: 1,
    churchName: 'Rocket City Fellowship',
    city: 'Huntsville',
    state: 'AL',
    zip: '35811',
    areaCode: '256',
    churchStreet: '7000 Adventist Boulevard NW',
    schoolStreet: '3310 Winchester Road NE',
    towns: ['Huntsville', 'Madison', 'Harvest', 'Meridianville', 'Athens', 'New Market', 'Owens Cross Roads'],
    courses: ['dbg', 'af'],
    students: 40,
  },
];

/** The school left without a head school admin (index into demoSchools): it cannot accept new students. */
export const schoolWithoutHeadAdmin = 5;
