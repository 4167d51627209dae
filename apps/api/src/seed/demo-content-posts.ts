import type { TLanguage } from '@residency/shared/event-kinds';
import type { DemoPicture } from './demo-content.ts';

/*
 * The demo blog: three posts in English and three in Bengali, written as the hotel would write
 * them (a weekend in Dhaka, the food, the halls). Each names its pictures; the first is its cover.
 */

export interface DemoPost {
  title: string;
  locale: TLanguage;
  tags: string[];
  pictures: DemoPicture[];
  /** How long ago it was published, in days: the newest comes first on the public pages. */
  daysAgo: number;
  html: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'A first weekend in Dhaka: from Gulshan to the old city',
    locale: 'en',
    tags: ['Dhaka', 'City guide', 'Old Dhaka'],
    pictures: ['river', 'pink-palace', 'lake-park'],
    daysAgo: 3,
    html: `
<p>Dhaka does not ease you in. Twenty million people, a river of rickshaws and a horn for every occasion: the first drive from the airport can feel like a lot. Give the city one weekend, though, and it starts to make sense. This is the weekend our front desk plans most often for guests who are here for the first time.</p>
<h2>Saturday morning: the old city, early</h2>
<p>Leave Gulshan by seven, before the traffic wakes up, and ask the driver for <strong>Ahsan Manzil</strong>, the pink palace of the Nawabs on the bank of the Buriganga. Its rooms of carved furniture and family portraits tell the story of nineteenth-century Dhaka better than any book. From there it is a short walk to <strong>Sadarghat</strong>, where three-deck launches leave for Barishal and the south.</p>
<p>Hire a wooden <em>nouka</em> for half an hour on the river. Agree the fare before you step in (our desk will tell you what is fair this season), sit low, and watch the city from the water: ferries, cargo boats, boatmen standing at the stern and the whole of Old Dhaka stacked along the bank.</p>
<h2>Saturday afternoon: biryani and a fort</h2>
<ul>
  <li><strong>Lunch:</strong> kacchi biryani in Nazira Bazar. Go before one o'clock; the best pots are finished by two.</li>
  <li><strong>Lalbagh Fort:</strong> a Mughal fort begun in 1678 and never finished, with quiet gardens that feel a world away from the lanes outside.</li>
  <li><strong>Star Mosque:</strong> small, covered in blue stars of broken china, and lovely in the late light. Dress modestly and visit outside prayer times.</li>
</ul>
<h2>Sunday: slow, and close to the hotel</h2>
<p>After a day in the old city, keep Sunday gentle. Walk to <strong>Gulshan Lake Park</strong> for the morning: joggers, families and the first cha of the day from the stalls by the gate. In the afternoon, the National Museum at Shahbag or Louis Kahn's Parliament House, admired from the gardens around it, are each a single taxi ride away.</p>
<blockquote><p>Our tip: carry small notes in Taka for rickshaws and tea stalls, and save the desk's number in your phone. If a plan changes, call us; we will sort out the car.</p></blockquote>
<p>Back at the hotel, the rooftop terrace is open from six. Ask for a table by the glass and watch the city you crossed that morning light up. For more ideas, our <a href="/our-city" rel="noopener noreferrer">city guide</a> has the places we send our guests.</p>`,
  },
  {
    title: 'Ilish, bhorta and a rooftop cha: eating well at Residency',
    locale: 'en',
    tags: ['Dining', 'Bengali food', 'Rooftop'],
    pictures: ['thali', 'restaurant', 'rooftop-dining'],
    daysAgo: 11,
    html: `
<p>Ask anyone in Dhaka about food and you will be there for an hour. Bengali cooking is generous and precise at the same time: mustard oil and green chilli, slow-cooked dal, fish that was in the river the day before. Our kitchen cooks it the way families do, and a little of what the city eats today.</p>
<h2>A thali at lunch</h2>
<p>Every day from noon our restaurant serves a Bengali thali on brass: steamed rice, a bowl of dal, a seasonal <em>shak</em> of greens, <em>begun bhaja</em> (aubergine fried crisp), three <strong>bhortas</strong> mashed by hand and a fish or chicken curry. In the rains, that means <strong>shorshe ilish</strong>, hilsa steamed in mustard: the dish Bengalis travel home for.</p>
<ul>
  <li>Eat with your right hand if you like; nobody will mind if you ask for a spoon.</li>
  <li>Mix the bhortas with a little rice first; they are strong on their own.</li>
  <li>Finish with <em>mishti doi</em>, sweet yoghurt set in a clay pot.</li>
</ul>
<h2>Breakfast before a flight</h2>
<p>Breakfast starts at six, and earlier on request for an early flight. Choose <em>paratha</em> with egg and potato bhaji, or a continental plate, or both; the kitchen will pack a box if you are leaving before we open.</p>
<h2>Evenings on the roof</h2>
<p>When the heat goes out of the day, the rooftop terrace opens under its string lights. The menu is short: kebabs and grilled fish, a few salads and the best <strong>cha</strong> in the house, milky, sweet and spiced with cardamom. Ask for it the way the tea stalls make it, poured from a height.</p>
<blockquote><p>Allergies, fasting or a diet of your own? Tell the restaurant when you sit down, or the front desk when you book. Our chefs cook halal, and happily without nuts, dairy or chilli.</p></blockquote>`,
  },
  {
    title: 'Planning a holud, a wedding or a conference at Residency',
    locale: 'en',
    tags: ['Events', 'Weddings', 'Meetings'],
    pictures: ['hall-wedding', 'hall-ballroom', 'hall-boardroom'],
    daysAgo: 24,
    html: `
<p>A Bangladeshi wedding is not one evening but a season: the <em>holud</em> in yellow and marigolds, the wedding itself, the <em>bou bhat</em> reception at the groom's family. Conferences ask for other things (a good microphone, coffee on time, a room that stays cool at three in the afternoon), but the care is the same. This is how we plan both.</p>
<h2>Two halls</h2>
<ul>
  <li><strong>Padma Hall</strong>, our ballroom on the first floor: up to 400 guests theatre style or 320 at round tables, a stage, crystal chandeliers and its own entrance from the lobby.</li>
  <li><strong>Jamuna Room</strong>, a daylight meeting room over Gulshan Lake: up to 80 guests, with a projector, sound, fast Wi-Fi and a coffee station.</li>
</ul>
<h2>How it works</h2>
<p>Send a request from the <a href="/events" rel="noopener noreferrer">Meetings &amp; Events</a> page with the date, the number of guests and the layout you have in mind. You will have a reference at once, and an e-mail from our events team within a working day. We then meet you at the hotel, walk the hall with you and write down what you want: flowers, a holud stage, a projector, a prayer room, parking for the family.</p>
<h2>The food</h2>
<p>For weddings, most families choose a buffet: kacchi biryani, roast chicken, rezala, borhani and firni, with a live station or two. For conferences, plated lunches keep the programme on time. Tell us about the guests (children, elders, vegetarians) and the chefs will plan around them.</p>
<blockquote><p>Book early for the winter wedding season, from November to February: the best Fridays go months ahead.</p></blockquote>`,
  },
  {
    title: 'ঢাকায় প্রথম সপ্তাহান্ত: গুলশান থেকে পুরান ঢাকা',
    locale: 'bn',
    tags: ['ঢাকা', 'ভ্রমণ', 'পুরান ঢাকা'],
    pictures: ['pink-palace', 'river', 'lake-park'],
    daysAgo: 5,
    html: `
<p>প্রথম দেখায় ঢাকা একটু বেশিই জোরালো: দুই কোটি মানুষ, রিকশার স্রোত আর অবিরাম হর্ন। কিন্তু একটা সপ্তাহান্ত সময় দিলেই শহরটা নিজের রূপে ধরা দেয়। যাঁরা প্রথমবার ঢাকায় আসেন, তাঁদের জন্য আমাদের ফ্রন্ট ডেস্ক সবচেয়ে বেশি যে পরিকল্পনাটি সাজিয়ে দেয়, সেটি এখানে রইল।</p>
<h2>শনিবার সকাল: ভোরে ভোরে পুরান ঢাকা</h2>
<p>যানজট শুরু হওয়ার আগে, সকাল সাতটার মধ্যে গুলশান থেকে রওনা দিন। প্রথম গন্তব্য <strong>আহসান মঞ্জিল</strong>, বুড়িগঙ্গার তীরে নবাবদের গোলাপি প্রাসাদ। কারুকাজ করা আসবাব আর পারিবারিক প্রতিকৃতিতে উনিশ শতকের ঢাকার গল্প এখানে বইয়ের চেয়েও স্পষ্ট। সেখান থেকে হেঁটেই <strong>সদরঘাট</strong>, যেখান থেকে তিনতলা লঞ্চ ছাড়ে বরিশাল আর দক্ষিণের পথে।</p>
<p>আধা ঘণ্টার জন্য একটা কাঠের নৌকা ভাড়া নিন। ওঠার আগেই ভাড়া ঠিক করে নিন (এই মৌসুমে ন্যায্য ভাড়া কত, আমাদের ডেস্ক বলে দেবে), তারপর নদী থেকে দেখুন শহরটাকে: ফেরি, মালবাহী নৌকা, হাল ধরে দাঁড়িয়ে থাকা মাঝি আর তীর জুড়ে গাদাগাদি পুরান ঢাকা।</p>
<h2>শনিবার দুপুর: কাচ্চি আর কেল্লা</h2>
<ul>
  <li><strong>দুপুরের খাবার:</strong> নাজিরা বাজারে কাচ্চি বিরিয়ানি। একটার আগে যান; ভালো ডেগগুলো দুটোর মধ্যেই শেষ।</li>
  <li><strong>লালবাগ কেল্লা:</strong> ১৬৭৮ সালে শুরু হওয়া, কখনো শেষ না হওয়া মুঘল দুর্গ; ভেতরের বাগানটা বাইরের গলির তুলনায় আশ্চর্য রকম শান্ত।</li>
  <li><strong>তারা মসজিদ:</strong> চীনামাটির টুকরোয় গাঁথা নীল তারায় ঢাকা ছোট্ট মসজিদ। শালীন পোশাকে, নামাজের সময়ের বাইরে যান।</li>
</ul>
<h2>রবিবার: ধীরে, হোটেলের কাছেই</h2>
<p>পুরান ঢাকায় একটা পুরো দিনের পর রবিবারটা হালকা রাখুন। সকালে হেঁটে চলে যান <strong>গুলশান লেক পার্কে</strong>: জগিং করা মানুষ, পরিবার আর গেটের পাশের দোকানে দিনের প্রথম কাপ চা। বিকেলে শাহবাগের জাতীয় জাদুঘর কিংবা লুই কানের সংসদ ভবন, দুটোই এক ট্যাক্সিতে পৌঁছানো যায়।</p>
<blockquote><p>আমাদের পরামর্শ: রিকশা আর চায়ের দোকানের জন্য খুচরা টাকা রাখুন, আর ডেস্কের নম্বরটা ফোনে সেভ করে নিন। পরিকল্পনা বদলালে ফোন করুন; গাড়ির ব্যবস্থা আমরাই করব।</p></blockquote>
<p>হোটেলে ফিরে সন্ধ্যা ছয়টা থেকে ছাদের টেরেস খোলা। কাচের পাশের টেবিলটা চেয়ে নিন, আর দেখুন সকালে পেরিয়ে আসা শহরটা কীভাবে আলোয় জ্বলে ওঠে। আরও জায়গার খোঁজ পাবেন আমাদের <a href="/our-city" rel="noopener noreferrer">শহর পরিচিতিতে</a>।</p>`,
  },
  {
    title: 'ইলিশ, ভর্তা আর ছাদে এক কাপ চা',
    locale: 'bn',
    tags: ['খাবার', 'বাঙালি রান্না', 'ছাদের টেরেস'],
    pictures: ['thali', 'rooftop-dining', 'restaurant'],
    daysAgo: 13,
    html: `
<p>ঢাকায় কাউকে খাবারের কথা জিজ্ঞেস করলে এক ঘণ্টা গল্প শুনতে হবে। বাঙালি রান্না একই সঙ্গে উদার আর নিখুঁত: সরিষার তেল আর কাঁচা মরিচ, ধীরে রাঁধা ডাল, আগের দিনও নদীতে থাকা মাছ। আমাদের রান্নাঘর রাঁধে ঠিক বাড়ির মতো করে, সঙ্গে আজকের ঢাকার স্বাদও খানিকটা।</p>
<h2>দুপুরে কাঁসার থালায়</h2>
<p>প্রতিদিন দুপুর বারোটা থেকে আমাদের রেস্তোরাঁয় কাঁসার থালায় বাঙালি খাবার: সাদা ভাত, এক বাটি ডাল, মৌসুমি শাক, মচমচে বেগুন ভাজা, হাতে মাখা তিন রকম <strong>ভর্তা</strong> আর মাছ বা মুরগির তরকারি। বর্ষায় থাকে <strong>সরিষা ইলিশ</strong>, যার টানে বাঙালি ঘরে ফেরে।</p>
<ul>
  <li>চাইলে হাত দিয়েই খান; চামচ চাইলেও কেউ কিছু মনে করবে না।</li>
  <li>ভর্তা আগে অল্প ভাতে মেখে নিন; একা খেলে বেশ ঝাল।</li>
  <li>শেষ করুন মাটির হাঁড়ির <em>মিষ্টি দই</em> দিয়ে।</li>
</ul>
<h2>ভোরের ফ্লাইটের আগে নাশতা</h2>
<p>নাশতা শুরু হয় সকাল ছয়টায়, আর ভোরের ফ্লাইট থাকলে অনুরোধে আরও আগে। ডিম আর আলু ভাজির সঙ্গে পরোটা, নাকি কন্টিনেন্টাল, নাকি দুটোই, বেছে নিন। আমরা খোলার আগে বের হলে রান্নাঘর একটা বাক্সে নাশতা গুছিয়ে দেবে।</p>
<h2>সন্ধ্যায় ছাদে</h2>
<p>দিনের গরম কমলেই ঝিকিমিকি আলোর নিচে খুলে যায় ছাদের টেরেস। মেনু ছোট: কাবাব আর গ্রিল করা মাছ, কয়েক রকম সালাদ আর বাড়ির সেরা <strong>চা</strong>, দুধ-চিনি আর এলাচে ভরা। বলবেন, টং দোকানের মতো উঁচু থেকে ঢেলে দিতে।</p>
<blockquote><p>কোনো খাবারে অ্যালার্জি, রোজা বা নিজস্ব খাদ্যাভ্যাস আছে? বসার সময় রেস্তোরাঁকে, অথবা বুকিংয়ের সময় ফ্রন্ট ডেস্ককে জানান। আমাদের রান্না হালাল, আর বাদাম, দুধ বা ঝাল ছাড়াও শেফরা আনন্দের সঙ্গে রাঁধেন।</p></blockquote>`,
  },
  {
    title: 'হলুদ থেকে বৌভাত: রেসিডেন্সিতে আপনার অনুষ্ঠান',
    locale: 'bn',
    tags: ['অনুষ্ঠান', 'বিয়ে', 'সভা-সম্মেলন'],
    pictures: ['hall-wedding', 'hall-ballroom'],
    daysAgo: 27,
    html: `
<p>বাঙালি বিয়ে মানে একটা সন্ধ্যা নয়, পুরো একটা মৌসুম: হলুদ আর গাঁদা ফুলে সাজানো গায়েহলুদ, বিয়ের দিন, তারপর বরের বাড়ির বৌভাত। সম্মেলনের চাওয়া আলাদা (ভালো মাইক, সময়মতো কফি, দুপুর তিনটাতেও ঠান্ডা থাকা একটা ঘর), কিন্তু যত্ন একই। দুটোই আমরা যেভাবে সাজাই, তা এখানে লিখলাম।</p>
<h2>দুটি হল</h2>
<ul>
  <li><strong>পদ্মা হল</strong>, দোতলায় আমাদের বলরুম: থিয়েটার বিন্যাসে ৪০০ জন বা গোল টেবিলে ৩২০ জন অতিথি, মঞ্চ, ঝাড়বাতি আর লবি থেকে আলাদা প্রবেশপথ।</li>
  <li><strong>যমুনা রুম</strong>, গুলশান লেকের দিকে দিনের আলোয় ভরা মিটিং রুম: ৮০ জন পর্যন্ত, প্রজেক্টর, সাউন্ড, দ্রুত ওয়াই-ফাই আর কফি কর্নার।</li>
</ul>
<h2>কীভাবে এগোবেন</h2>
<p><a href="/events" rel="noopener noreferrer">মিটিং ও ইভেন্ট</a> পাতা থেকে তারিখ, অতিথির সংখ্যা আর পছন্দের বিন্যাস লিখে অনুরোধ পাঠান। সঙ্গে সঙ্গে একটি রেফারেন্স নম্বর পাবেন, আর এক কর্মদিবসের মধ্যে আমাদের ইভেন্ট টিমের ই-মেইল। তারপর হোটেলে এসে হলটা আমাদের সঙ্গে ঘুরে দেখুন; ফুল, হলুদের মঞ্চ, প্রজেক্টর, নামাজের ঘর, পরিবারের গাড়ি রাখার জায়গা, যা যা দরকার সব আমরা লিখে নেব।</p>
<h2>খাবার</h2>
<p>বিয়েতে বেশির ভাগ পরিবার বুফে বেছে নেন: কাচ্চি বিরিয়ানি, রোস্ট, রেজালা, বোরহানি আর ফিরনি, সঙ্গে এক-দুটি লাইভ স্টেশন। সম্মেলনে প্লেটে পরিবেশন করা দুপুরের খাবারে অনুষ্ঠান সময়মতো চলে। অতিথিদের কথা বলুন (শিশু, বয়স্ক, নিরামিষভোজী), শেফরা সেভাবেই পরিকল্পনা করবেন।</p>
<blockquote><p>নভেম্বর থেকে ফেব্রুয়ারির বিয়ের মৌসুমের জন্য আগেভাগে বুক করুন: ভালো শুক্রবারগুলো মাস কয়েক আগেই ফুরিয়ে যায়।</p></blockquote>`,
  },
];
