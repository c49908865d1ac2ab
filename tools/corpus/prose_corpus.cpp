#include "corpus/prose_corpus.h"

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace pl::corpus {

namespace {

using Strings = std::vector<std::string>;

// ---- the template engine ----
//
// A template is text with "[a|b|c]" alternatives (nested freely; "[word|]" makes a word optional)
// and "{slot}" names. A slot is a value fixed for the page ({cam}, {shop}, {name}...), a number
// ("{n:2:9}" digits, "{w:2:9}" words, "{price:20:90}", "{year:1850:1990}") or a list drawn afresh
// at every use ({subj}, {weather}, {first}...), whose entries may hold templates themselves.

struct Page {
    Rng& rng;
    std::map<std::string, std::string> fixed;
    std::string currency;
};

const std::map<std::string, Strings>& lists();

std::string expand(Page& p, const std::string& t);

std::string number_word(int n) {
    static const char* kOnes[] = {"zero",    "one",     "two",       "three",    "four",
                                  "five",    "six",     "seven",     "eight",    "nine",
                                  "ten",     "eleven",  "twelve",    "thirteen", "fourteen",
                                  "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"};
    static const char* kTens[] = {"",      "",      "twenty",  "thirty", "forty",
                                  "fifty", "sixty", "seventy", "eighty", "ninety"};
    if (n < 0 || n >= 100)
        return std::to_string(n);
    if (n < 20)
        return kOnes[n];
    return std::string(kTens[n / 10]) + (n % 10 ? std::string("-") + kOnes[n % 10] : "");
}

std::string price(Page& p, int lo, int hi) {
    const int whole = p.rng.range(lo, hi);
    const std::string cents = p.rng.pick(Strings{"00", "50", "90", "95", "99", "49"});
    const std::string& c = p.currency;
    const int form = p.rng.below(5);
    if (c == "dollars" && form < 2)
        return "$" + std::to_string(whole) + (form == 1 ? "." + cents : "");
    if (form == 2)
        return std::to_string(whole) + "." + cents + " " + c;
    if (form == 3 && whole < 100)
        return number_word(whole) + " " + c;
    return std::to_string(whole) + " " + c;
}

std::string slot(Page& p, const std::string& key) {
    const auto f = p.fixed.find(key);
    if (f != p.fixed.end())
        return f->second;
    const std::size_t colon = key.find(':');
    if (colon != std::string::npos) {
        const std::string kind = key.substr(0, colon);
        const std::size_t colon2 = key.find(':', colon + 1);
        const int lo = std::stoi(key.substr(colon + 1, colon2 - colon - 1));
        const int hi = std::stoi(key.substr(colon2 + 1));
        if (kind == "w")
            return number_word(p.rng.range(lo, hi));
        if (kind == "price")
            return price(p, lo, hi);
        return std::to_string(p.rng.range(lo, hi));  // "n", "year"
    }
    const auto l = lists().find(key);
    if (l != lists().end())
        return expand(p, p.rng.pick(l->second));
    return "{" + key + "}";  // a missing slot shows up in tests
}

std::string expand(Page& p, const std::string& t) {
    std::string out;
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == '[') {
            Strings alts;
            std::size_t j = i + 1, from = i + 1;
            int depth = 1;
            for (; j < t.size(); ++j) {
                if (t[j] == '[') {
                    ++depth;
                } else if (t[j] == ']') {
                    if (--depth == 0)
                        break;
                } else if (t[j] == '|' && depth == 1) {
                    alts.push_back(t.substr(from, j - from));
                    from = j + 1;
                }
            }
            alts.push_back(t.substr(from, j - from));
            out += expand(p, p.rng.pick(alts));
            i = j;
        } else if (t[i] == '{') {
            const std::size_t j = t.find('}', i);
            out += slot(p, t.substr(i + 1, j - i - 1));
            i = j;
        } else {
            out += t[i];
        }
    }
    return out;
}

// Swaps a few common words for equally natural ones, keeping an initial capital.
std::string vary(Page& p, const std::string& in) {
    static const std::map<std::string, Strings> kSwaps = {
        {"picture", {"picture", "picture", "picture", "photo", "photograph"}},
        {"pictures", {"pictures", "pictures", "pictures", "photos", "photographs"}},
        {"usually", {"usually", "usually", "normally", "generally", "typically"}},
        {"often", {"often", "often", "frequently"}},
        {"large", {"large", "large", "big"}},
        {"quickly", {"quickly", "quickly", "fast"}},
        {"beautiful", {"beautiful", "beautiful", "lovely"}},
        {"a lot", {"a lot", "a great deal"}},
    };
    std::string out;
    std::size_t i = 0;
    while (i < in.size()) {
        const char c = in[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
            out += c;
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < in.size() &&
               ((in[j] >= 'a' && in[j] <= 'z') || (in[j] >= 'A' && in[j] <= 'Z') || in[j] == '-'))
            ++j;
        std::string w = in.substr(i, j - i);
        if (w == "a" && in.compare(j, 4, " lot") == 0 &&
            (j + 4 == in.size() || in[j + 4] == ' ' || in[j + 4] == '.' || in[j + 4] == ',')) {
            w = "a lot";
            j += 4;
        }
        std::string lower = w;
        const bool cap = lower[0] >= 'A' && lower[0] <= 'Z';
        if (cap)
            lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
        const auto f = kSwaps.find(lower);
        if (f != kSwaps.end()) {
            w = p.rng.pick(f->second);
            if (cap)
                w[0] = static_cast<char>(w[0] - 'a' + 'A');
        }
        out += w;
        i = j;
    }
    return out;
}

bool is_vowel(char c) {
    return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' || c == 'A' || c == 'E' ||
           c == 'I' || c == 'O' || c == 'U';
}

bool starts(const std::string& s, std::size_t at, const char* prefix) {
    return s.compare(at, std::char_traits<char>::length(prefix), prefix) == 0;
}

// Whether "a" before the word at `at` should be "an".
bool wants_an(const std::string& s, std::size_t at) {
    if (at >= s.size())
        return false;
    for (const char* exception : {"uni", "use", "usu", "UV", "one", "Eu", "eu", "uti", "U-"})
        if (starts(s, at, exception))
            return false;
    if (starts(s, at, "hour") || starts(s, at, "honest") || starts(s, at, "8") ||
        starts(s, at, "11") || starts(s, at, "18") || starts(s, at, "f/"))
        return !starts(s, at, "f/");
    return is_vowel(s[at]);
}

// Tidies spacing left by empty alternatives, fixes "a"/"an" and capitalizes the first letter.
std::string tidy(const std::string& in) {
    std::string s;
    for (char c : in) {
        if (c == ' ' && (s.empty() || s.back() == ' '))
            continue;
        if ((c == ',' || c == '.' || c == ';' || c == ':' || c == '?' || c == '!') && !s.empty() &&
            s.back() == ' ')
            s.pop_back();
        if (c == '.' && !s.empty() && s.back() == '.')
            continue;  // "7 p.m." ends the sentence too
        s += c;
    }
    while (!s.empty() && s.back() == ' ')
        s.pop_back();
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const bool word_start = i == 0 || s[i - 1] == ' ' || s[i - 1] == '"' || s[i - 1] == '(';
        if (word_start && (s[i] == 'a' || s[i] == 'A') && i + 1 < s.size() && s[i + 1] == ' ' &&
            wants_an(s, i + 2)) {
            out += s[i];
            out += 'n';
            continue;
        }
        out += s[i];
    }
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
        out[0] = static_cast<char>(out[0] - 'a' + 'A');
    return out;
}

std::size_t words(const std::string& s) {
    std::size_t n = 0;
    bool in = false;
    for (char c : s) {
        const bool space = c == ' ' || c == '\n';
        if (!space && !in)
            ++n;
        in = !space;
    }
    return n;
}

// Words that stay capitalized after a connective.
const std::set<std::string>& proper_words() {
    static const std::set<std::string> v = [] {
        std::set<std::string> s = {"I", "I'm", "I've", "I'd", "I'll", "ISO", "RAW", "JPEG", "UV"};
        for (const char* key : {"first", "brand", "town", "month", "day", "shopa", "street"})
            for (const auto& w : lists().at(key))
                s.insert(w.substr(0, w.find(' ')));
        return s;
    }();
    return v;
}

// Sentences that already open with a linking or framing word take no connective.
bool opens_with_link(const std::string& first) {
    static const std::set<std::string> v = {
        "Then",    "Also",       "However",  "Later",    "At",      "By",        "In",
        "On",      "For",        "If",       "When",     "Once",    "After",     "Before",
        "Past",    "Halfway",    "Around",   "Out",      "Every",   "Next",      "Afterwards",
        "That",    "Eventually", "So",       "But",      "Still",   "Meanwhile", "Soon",
        "As",      "While",      "Under",    "Since",    "During",  "From",      "Toward",
        "Today",   "Long",       "Starting", "Whatever", "Most",    "Many",      "Some",
        "Sooner",  "Whether",    "Of",       "Nobody",   "Overall", "All",       "Wide",
        "Against", "Toward",     "Go",       "Try",      "Take",    "Do",        "Please"};
    return v.count(first) > 0;
}

// Prefixes a finished sentence with a connective such as "However,".
std::string connect(const std::string& connective, const std::string& sentence) {
    std::string first = sentence.substr(0, sentence.find_first_of(" ,.'"));
    if (opens_with_link(first))
        return sentence;
    std::string s = sentence;
    const bool keep = proper_words().count(first) > 0 || first.size() < 1 ||
                      (first.size() > 1 && first[1] >= 'A' && first[1] <= 'Z') ||
                      s.compare(0, 2, "I ") == 0 || s[0] == '"';
    if (!keep && s[0] >= 'A' && s[0] <= 'Z')
        s[0] = static_cast<char>(s[0] - 'A' + 'a');
    if (s[0] == '"')
        return sentence;
    return connective + " " + s;
}

const Strings& expository_links() {
    static const Strings v = {"However,",           "In practice,",   "For example,", "Of course,",
                              "Even so,",           "In most cases,", "Typically,",   "Indeed,",
                              "In short,",          "That said,",     "Also,",        "Then again,",
                              "As a rule,",         "Above all,",     "In fact,",     "Equally,",
                              "On the other hand,", "Luckily,",       "Besides,",     "Similarly,",
                              "In general,",        "Generally,",     "Naturally,",   "Still,"};
    return v;
}

const Strings& narrative_links() {
    static const Strings v = {
        "Later,",    "After that,", "A little later,",  "By then,",        "Meanwhile,",
        "Soon,",     "Then",        "Later that week,", "That afternoon,", "Just then,",
        "At first,", "Eventually,", "Before long,",     "By lunchtime,",   "Afterwards,",
        "Still,"};
    return v;
}

// Whether a sentence is a short plain statement that can be joined to its neighbor.
bool joinable(const std::string& s) {
    return !s.empty() && s.back() == '.' && words(s) <= 14 && s.find('"') == std::string::npos &&
           s.find(';') == std::string::npos && s.find(':') == std::string::npos;
}

// Expands `n` templates drawn without repeats from `pool` (skipping ones already used on the
// page) and joins them into a paragraph, with an occasional connective.
std::string paragraph(Page& p, const Strings& pool, int n, std::set<std::string>& used,
                      const Strings& links, int link_percent = 22) {
    std::vector<std::size_t> order(pool.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    p.rng.shuffle(order);
    std::string out, last;
    bool joined_last = false;
    int taken = 0;
    for (std::size_t i : order) {
        if (taken == n)
            break;
        if (!used.insert(pool[i]).second)
            continue;
        std::string s = tidy(vary(p, expand(p, pool[i])));
        if (taken > 0 && p.rng.chance(link_percent)) {
            const std::string link = p.rng.pick(links);
            if (out.find(link) == std::string::npos)
                s = connect(link, s);
        } else if (taken > 0 && !joined_last && joinable(last) && joinable(s) && p.rng.chance(12)) {
            // Two short statements become one sentence: "A; b." or "A, and b."
            const std::string joined = connect(p.rng.chance(60) ? ";" : ", and", s);
            if (joined != s) {
                out.pop_back();  // the full stop
                out += joined;
                last = joined;
                joined_last = true;
                ++taken;
                continue;
            }
        }
        out += (taken > 0 ? " " : "") + s;
        last = s;
        joined_last = false;
        ++taken;
    }
    return out;
}

// Expands templates in their given order (for text whose order matters).
std::string in_order(Page& p, const Strings& templates) {
    std::string out;
    for (const auto& t : templates)
        out += (out.empty() ? "" : " ") + tidy(vary(p, expand(p, t)));
    return out;
}

// ---- word lists ----

const std::map<std::string, Strings>& lists() {
    static const std::map<std::string, Strings> m = {
        {"first", {"Anna", "Ben",   "Clara", "David",  "Elena", "Felix",  "Grace",  "Hugo",
                   "Iris", "Jonas", "Kate",  "Leo",    "Maya",  "Nora",   "Oscar",  "Paula",
                   "Rosa", "Sam",   "Tom",   "Vera",   "Will",  "Yusuf",  "Zoe",    "Marta",
                   "Omar", "Priya", "Lukas", "Hannah", "Mateo", "Sofia",  "Daniel", "Ines",
                   "Theo", "Lena",  "Ruth",  "Arjun",  "Mira",  "Pieter", "Julia",  "Karim"}},
        {"brand",
         {"Orvik", "Tessary", "Halden", "Corvo", "Nimbus", "Astor", "Veltra", "Kaimon", "Solen",
          "Brisk", "Marlow", "Ferro"}},
        {"model",
         {"S20", "K7", "Z5", "M3", "R9", "X40", "Aria", "Field", "Pro 2", "Mini", "One", "Q8",
          "Trek", "E-5", "Studio", "Compact 4"}},
        {"town",
         {"Millbrook",   "Eastwick",  "Ashford", "Redhill", "Lisbon",  "Bergen",   "Porto",
          "Galway",      "Kingsport", "Norwood", "Bristol", "Ghent",   "Lakeview", "Fairhaven",
          "Stonebridge", "Westmoor",  "Bayside", "Halifax", "Oakdale", "Riverton"}},
        {"street",
         {"Station Road", "Market Street", "Mill Lane", "Harbor Street", "Elm Avenue",
          "Church Street", "Bridge Road", "Castle Hill", "Quay Street", "Park Lane"}},
        {"shopa",
         {"Lumen", "Northlight", "Kestrel", "Meadow", "Silver", "Cobalt", "Juniper", "Granite",
          "Willow", "Beacon", "Copper", "Orchard", "Prism", "Lantern", "Ember", "Falcon"}},
        {"shopb",
         {"Camera Store", "Cameras", "Photo Supply", "Lens Shop", "Photo", "Camera House"}},
        {"month",
         {"January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"}},
        {"day", {"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}},
        {"season", {"spring", "summer", "autumn", "winter"}},
        {"subj",
         {"the harbor",
          "the market",
          "a mountain lake",
          "the old train station",
          "the river bank",
          "a street festival",
          "a wedding",
          "a birthday party",
          "a football match",
          "the cathedral",
          "a lighthouse",
          "a fishing village",
          "the botanical garden",
          "a night market",
          "the pier",
          "a forest trail",
          "a city rooftop",
          "a sunflower field",
          "a jazz concert",
          "a school play",
          "the old bridge",
          "a flower market",
          "the beach",
          "a quiet village square",
          "the zoo",
          "a busy train platform",
          "an old factory",
          "a vineyard",
          "the castle ruins",
          "a farmers' market",
          "a snowy park",
          "the waterfront"}},
        {"people",
         {"children", "dancers", "fishermen", "street musicians", "cyclists", "market traders",
          "runners", "wedding guests", "old friends", "dog walkers", "skateboarders"}},
        {"weather",
         {"gray and damp", "bright and windy", "cold and clear", "hazy", "overcast",
          "warm and still", "foggy", "wet and blustery", "sunny", "crisp and cold", "humid"}},
        {"color",
         {"red", "blue", "green", "yellow", "orange", "silver", "black", "gray", "pale blue",
          "dark green", "white", "brown"}},
        {"light",
         {"the last hour before sunset", "the blue hour after sunset",
          "the soft light of early "
          "morning",
          "a bright overcast sky", "the hard light of midday",
          "the light from a north "
          "window",
          "the glow of street lamps", "late afternoon sun", "light through thin clouds"}},
        {"thing",
         {"a spare battery", "a lens cloth", "a blower", "a second memory card", "a small tripod",
          "a rain cover", "a lens hood", "a notebook", "a charger", "a polarizing filter",
          "a remote release", "a head torch", "a microfiber cloth", "a roll of tape"}},
        {"genre",
         {"portraits", "landscapes", "street photography", "wildlife", "sports", "architecture",
          "macro work", "travel pictures", "food photography", "night scenes", "family snapshots",
          "concerts", "weddings"}},
        {"prime",
         {"24mm f/2.8", "28mm f/2", "35mm f/1.8", "35mm f/1.4", "40mm f/2.5", "50mm f/1.8",
          "50mm f/1.4", "85mm f/1.8", "90mm f/2.8 macro", "100mm f/2.8 macro", "135mm f/2"}},
        {"zoomlens",
         {"24-70mm f/2.8", "24-105mm f/4", "16-35mm f/4", "70-200mm f/4", "70-200mm f/2.8",
          "18-55mm f/3.5-5.6", "100-400mm f/5.6", "28-200mm f/4-6.3", "12-24mm f/4"}},
        {"film",
         {"Corvo 400", "Halden Pan 100", "Astor Color 200", "Nimbus HP 400", "Ferro Slide 100",
          "Veltra Gold 200", "Kaimon Pan 3200", "Solen Portrait 160"}},
        {"iso", {"ISO 100", "ISO 200", "ISO 400", "ISO 800", "ISO 1600", "ISO 3200", "ISO 6400"}},
        {"fnum", {"f/1.8", "f/2", "f/2.8", "f/4", "f/5.6", "f/8", "f/11", "f/16"}},
        {"shutter",
         {"1/1000 second", "1/500 second", "1/250 second", "1/125 second", "1/60 second",
          "1/30 second", "1/15 second", "half a second", "one second", "two seconds"}},
        {"focal", {"24mm", "28mm", "35mm", "50mm", "85mm", "105mm", "135mm", "200mm", "300mm"}},
        {"am", {"8 a.m.", "8:30 a.m.", "9 a.m.", "9:30 a.m.", "10 a.m.", "10:30 a.m.", "11 a.m."}},
        {"pm",
         {"5 p.m.", "5:30 p.m.", "6 p.m.", "6:30 p.m.", "7 p.m.", "7:30 p.m.", "8 p.m.",
          "half past six", "seven o'clock"}},
        {"date", {"{month} {n:1:28}", "{day}, {month} {n:1:28}", "the {n:4:28}th of {month}"}},
        {"bag",
         {"a padded shoulder bag", "a small backpack", "a canvas satchel", "a hard case",
          "a sling bag", "an old messenger bag", "a roll-top backpack"}},
        {"feeling",
         {"pleased", "tired but happy", "a little disappointed", "surprised", "relieved",
          "quietly proud", "frustrated", "delighted"}},
        {"drink", {"a coffee", "a cup of tea", "a hot chocolate", "a glass of water"}},
        {"fault",
         {"a sticky aperture blade", "a loose battery door", "a scratched front element",
          "a shutter that fired late", "a dial that turned on its own", "a cracked rear screen",
          "dust inside the viewfinder", "a hot shoe that lost contact",
          "a zoom ring that felt "
          "gritty",
          "a lens that would not focus at infinity"}},
    };
    return m;
}

// ---- articles: guides and explainers ----
//
// Each topic has titles and parts; a page uses the first part as its opening paragraph, some of
// the middle parts, and the last part as its closing paragraph, each from a sample of sentences.

struct Topic {
    Strings titles;
    std::vector<Strings> parts;
};

const std::vector<Topic>& explainers() {
    static const std::vector<Topic> v = {
        // aperture
        {{"What Aperture Really Does", "Aperture Explained", "A Plain Guide to Aperture",
          "Understanding the f-Number", "Why Your Lens Has an Aperture Ring"},
         {{"Every lens has an opening that lets light through to the sensor, and that opening is "
           "called the aperture.",
           "If you have ever wondered what the numbers like {fnum} on your lens mean, this page "
           "is for you.",
           "Aperture is one of the three settings that decide how bright a picture will be, "
           "together with shutter speed and ISO.",
           "Of all the controls on a camera, the aperture is the one that changes the look of a "
           "picture the most.",
           "Inside the lens sits a ring of thin metal blades that open and close like the iris "
           "of an eye.",
           "Many beginners leave the aperture to the camera, and that is fine until they want a "
           "blurred background or a landscape that is sharp from front to back."},
          {"The f-number is a ratio: the focal length divided by the width of the opening.",
           "A small number such as f/1.8 means a wide opening, while a large number such as f/16 "
           "means a narrow one.",
           "Photographers [talk about|speak of] opening up to f/2 or stopping down to f/11, "
           "[meaning|which means] a wider or narrower opening.",
           "Each full stop, from f/2.8 to f/4 to f/5.6 and on to f/8, halves the light that "
           "reaches the sensor.",
           "The sequence looks strange at first, but it follows the square root of two, because "
           "the area of a circle grows with the square of its width.",
           "A wide aperture lets you use a faster shutter speed in dim light.",
           "A narrow aperture gives more depth of field, so more of the scene looks sharp.",
           "Most lenses are at their sharpest two or three stops down from wide open, somewhere "
           "around f/5.6 or f/8.",
           "Past about f/11 or f/16, a [softening|loss of fine detail] called diffraction starts "
           "to creep in.",
           "On a {prime} lens, the widest setting is the number printed on the barrel.",
           "Zoom lenses such as a {zoomlens} may show two numbers, because the widest opening "
           "changes as you zoom.",
           "The shape of the blades also affects how out-of-focus highlights look, which is why "
           "some people prefer lenses with rounded blades.",
           "Fast lenses, the ones with very wide maximum apertures, are larger, heavier and more "
           "expensive to make."},
          {"A good exercise is to photograph the same {subj} at f/2, f/5.6 and f/16 and compare "
           "the results side by side.",
           "Try aperture priority mode, often marked A or Av, and let the camera choose the "
           "shutter speed for you.",
           "For portraits, start around f/2 to f/2.8; for landscapes, try f/8 to f/11.",
           "If your pictures look soft at f/22, the lens is not faulty; you are seeing "
           "diffraction.",
           "Once aperture makes sense, shutter speed and ISO are much easier to learn.",
           "Take the camera out this {day} and spend an hour doing nothing but changing the "
           "aperture.",
           "There is no correct aperture, only the one that suits the picture you have in mind."}}},
        // shutter speed
        {{"Shutter Speed Without the Jargon", "How Shutter Speed Shapes Motion",
          "Freezing and Blurring: A Guide to Shutter Speed", "Shutter Speed Explained"},
         {{"The shutter decides how long the sensor is exposed to light.",
           "A camera's shutter speed is simply the length of time the picture is being taken.",
           "Shutter speed is the setting that controls motion in a photograph.",
           "Whether you want a frozen splash or a silky waterfall, shutter speed is the tool "
           "to reach for.",
           "Most cameras offer speeds from 30 seconds down to 1/4000 second or faster."},
          {"Speeds are written as fractions of a second, so 1/250 means one two-hundred-and-"
           "fiftieth of a second.",
           "Going from 1/125 to 1/250 halves the light, just as one stop of aperture does.",
           "A fast speed such as 1/1000 second freezes a cyclist, a bird or a child on a swing.",
           "A slow speed such as half a second turns moving water into a soft white blur.",
           "Below about 1/60 second, many people start to see blur from their own hands.",
           "An old rule says the slowest safe speed is one over the focal length, so 1/50 second "
           "for a 50mm lens.",
           "With a {zoomlens} zoomed all the way in, you will need a much faster speed than at "
           "the wide end.",
           "Image stabilization lets you go a few stops slower, but it cannot stop a moving "
           "subject.",
           "For long exposures at night, a tripod and a remote release are almost essential.",
           "Panning, where you follow a moving subject with the camera at about 1/30 second, "
           "keeps the subject sharp while the background streaks.",
           "Many mirrorless cameras also have an electronic shutter that is completely silent.",
           "An electronic shutter can bend fast-moving objects, an effect called rolling "
           "shutter.",
           "At 1/{n:2:8} second you can still hand-hold a wide lens if you brace yourself "
           "against a wall."},
          {"Shutter priority mode, marked S or Tv, lets you pick the speed while the camera sets "
           "the aperture.",
           "For sports, start at 1/1000 second and adjust from there.",
           "For moving water, try anything from 1/4 second to several seconds, with the camera "
           "on a tripod.",
           "If your pictures of {people} come out blurred, raise the shutter speed before you "
           "blame the lens.",
           "Practice at {subj}: shoot the same scene at five different speeds and see what "
           "changes.",
           "In the end, shutter speed is about time, and choosing how much time a picture holds "
           "is one of the great pleasures of photography."}}},
        // ISO
        {{"ISO: What the Number Means", "A Friendly Guide to ISO", "How High Can You Set ISO?",
          "Noise, Grain and ISO"},
         {{"ISO describes how strongly the camera amplifies the signal from its sensor.",
           "On film cameras, ISO was the sensitivity of the film itself; on digital cameras it "
           "is a setting you can change for every shot.",
           "ISO is the third corner of the exposure triangle, next to aperture and shutter "
           "speed.",
           "Raising the ISO lets you take pictures in places where there simply is not enough "
           "light.",
           "Nobody likes noisy pictures, but a noisy picture is often better than a blurred "
           "one."},
          {"Doubling the ISO, from ISO 400 to ISO 800, gives the same brightness with half the "
           "light.",
           "The price of a high ISO is noise: speckles of color and grain, especially in the "
           "shadows.",
           "Modern sensors are remarkably clean up to ISO 3200 and often usable at ISO 12800.",
           "Base ISO, usually ISO 100 or ISO 200, gives the cleanest files and the most dynamic "
           "range.",
           "A larger sensor usually handles high ISO better, because each pixel gathers more "
           "light.",
           "Auto ISO is a useful mode: you set the aperture and shutter speed, and the camera "
           "chooses the ISO.",
           "Many cameras let you set a maximum for auto ISO, for example ISO {n:3:12}00.",
           "Underexposing at a low ISO and brightening later often looks worse than using a "
           "higher ISO in the first place.",
           "Noise reduction software has improved enormously, so files from high ISO settings "
           "clean up better than they used to.",
           "A film such as {film} has its speed printed on the box, and you shoot the whole roll "
           "at that speed."},
          {"Indoors at {subj}, do not be afraid of ISO 3200 or even ISO 6400.",
           "Outside in daylight, keep the ISO low and enjoy the clean files.",
           "Try a test at home: photograph a bookshelf at every ISO your {cam} offers and look at "
           "the results on a large screen.",
           "Remember that a little grain rarely ruins a good picture.",
           "The sharpest, cleanest picture is worthless if the moment has passed while you were "
           "worrying about noise."}}},
        // focal length
        {{"Focal Length and Field of View", "What Focal Length Means for Your Pictures",
          "Wide, Normal and Long: Choosing a Focal Length", "Focal Length Explained"},
         {{"Focal length, measured in millimeters, tells you how much of a scene a lens takes in.",
           "Every lens is described by its focal length, whether it is a {prime} or a {zoomlens}.",
           "Focal length is the first number you see on a lens, and it shapes a picture more "
           "than almost anything else.",
           "When people ask which lens to buy, they are usually asking about focal length."},
          {"A short focal length, such as 16mm or 24mm, gives a wide view.",
           "A long focal length, such as 200mm or 300mm, brings distant subjects closer.",
           "Around 50mm on a full-frame camera is often called a normal lens, because it roughly "
           "matches the way we notice a scene.",
           "On a smaller sensor, the same lens shows a narrower view, which is why people talk "
           "about a crop factor.",
           "A 35mm lens on a camera with a crop factor of 1.5 frames like a 52mm lens on full "
           "frame.",
           "Wide lenses exaggerate distance: near objects look large and far ones look small.",
           "Long lenses seem to compress a scene, stacking hills or buildings behind each other.",
           "Strictly speaking, that compression comes from standing further away, not from the "
           "lens itself.",
           "For portraits, lenses from 85mm to 135mm are popular because they flatter faces.",
           "A wide lens held close to a face makes a nose look larger than it is.",
           "Zooms cover a range of focal lengths, while primes have a single one.",
           "Primes are often smaller, lighter and brighter than zooms that cover the same focal "
           "length."},
          {"If you own a zoom, tape it at one focal length for a week and see how your pictures "
           "change.",
           "Look through your old pictures and check which focal lengths you used most; the "
           "answer often surprises people.",
           "For travel, a single zoom from about 24mm to 105mm covers most situations.",
           "A {focal} lens at {subj} is a fine way to learn what that focal length can do.",
           "Choosing a focal length is really choosing where to stand."}}},
        // depth of field
        {{"Depth of Field in Plain Words", "Sharp Backgrounds and Soft Ones",
          "How to Control Depth of Field", "Depth of Field: A Short Guide"},
         {{"Depth of field is the zone of a picture, in front of and behind the point of focus, "
           "that looks acceptably sharp.",
           "A portrait with a creamy, blurred background and a landscape sharp from the rocks at "
           "your feet to the hills on the horizon differ mainly in depth of field.",
           "People often think depth of field depends on the lens alone, but four things play a "
           "part.",
           "Depth of field is not a setting on the camera; it is the result of several choices."},
          {"A wider aperture gives less depth of field.",
           "Moving closer to the subject makes depth of field much shallower.",
           "A longer focal length, used from the same spot, also narrows the zone of sharpness.",
           "A larger sensor, framed the same way, gives slightly less depth of field than a "
           "small one.",
           "Phones have tiny sensors, which is why they need software to fake a blurred "
           "background.",
           "At close range, with a macro lens, depth of field can be thinner than a millimeter.",
           "Focus stacking combines several pictures focused at different distances into one "
           "sharp image.",
           "For landscapes, focusing about a third of the way into the scene is an old rule of "
           "thumb.",
           "The hyperfocal distance is the focus point that keeps everything from half that "
           "distance to infinity acceptably sharp.",
           "Sharpness falls off gradually, so where the zone ends also depends on how large the "
           "picture will be printed.",
           "The quality of the blur itself, often called bokeh, varies from lens to lens."},
          {"To blur a background, open the aperture, step closer and put distance between the "
           "subject and what lies behind it.",
           "To keep everything sharp, stop down to f/8 or f/11 and step back a little.",
           "A depth of field preview button lets you see the effect before you take the picture.",
           "Try photographing a row of {color} flower pots at different apertures to see the "
           "zone of sharpness grow and shrink.",
           "Shallow focus is fashionable, but a picture where everything matters needs depth."}}},
        // white balance
        {{"White Balance Made Simple", "Why Your Pictures Look Orange Indoors",
          "Getting Colors Right with White Balance", "A Guide to White Balance"},
         {{"Light has a color, even when our eyes tell us it is plain white.",
           "If your indoor pictures come out orange or your snow scenes look blue, white balance "
           "is the reason.",
           "White balance is the camera's way of deciding what white should look like.",
           "Our brains correct the color of light without our noticing, but a camera needs to "
           "be told."},
          {"Color temperature is measured in kelvin.",
           "Candlelight sits around 1,900 kelvin and looks deep orange.",
           "Ordinary household bulbs are warm, around 2,700 kelvin.",
           "Midday sun is close to 5,500 kelvin, and open shade on a clear day can be 7,000 "
           "kelvin or more, which looks blue.",
           "Auto white balance is good in daylight but often leaves warm indoor scenes too "
           "orange.",
           "Presets such as daylight, cloudy, shade, tungsten and fluorescent are shortcuts for "
           "common kinds of light.",
           "A custom white balance, measured from a gray card, gives the most accurate colors.",
           "If you shoot RAW, you can change white balance later without any loss of quality.",
           "With JPEG files, the white balance is baked in, so it pays to get it right at the "
           "time.",
           "Mixed light, such as a window on one side and a lamp on the other, is the hardest "
           "case of all.",
           "Accurate color is not always the goal; a warm sunset should probably stay warm."},
          {"Carry a small gray card and photograph it whenever the light changes.",
           "At {subj} under {light}, try the cloudy preset to warm the scene a little.",
           "When in doubt, shoot RAW and decide later.",
           "Set the white balance by eye on a calibrated screen, not on a phone turned to full "
           "brightness.",
           "Good color is a matter of taste as much as accuracy."}}},
        // autofocus
        {{"How Autofocus Works", "Autofocus Modes Explained",
          "Getting Sharp Pictures with "
          "Autofocus",
          "A Short Guide to Autofocus"},
         {{"Autofocus is so common now that it is easy to forget how clever it is.",
           "A camera can focus in a fraction of a second, but only if you tell it what to focus "
           "on.",
           "Most out-of-focus pictures are not the camera's fault; they come from the wrong "
           "autofocus settings.",
           "The autofocus system on a modern camera such as the {cam} has dozens of options, "
           "and a few of them matter a great deal."},
          {"Contrast detection moves the lens back and forth until the image looks sharpest.",
           "Phase detection measures how far out of focus the image is and in which direction, "
           "so the lens can move straight to the right spot.",
           "Many cameras combine both methods on the sensor itself.",
           "Single autofocus locks focus once and holds it while you keep the shutter button "
           "half pressed.",
           "Continuous autofocus keeps adjusting as the subject moves.",
           "Single mode is best for still subjects, continuous mode for {people} and anything "
           "else that moves.",
           "Face and eye detection find a person in the frame and follow them.",
           "Newer cameras can also recognize animals, birds, cars and trains.",
           "Autofocus struggles with low contrast, such as a blank wall or a foggy field.",
           "Back-button focus moves focusing from the shutter button to a button on the back of "
           "the camera.",
           "A single focus point gives you the most control, while wide area modes let the "
           "camera decide.",
           "In very dim light, some cameras shine a small assist lamp to help focusing."},
          {"Pick one focus point and place it on your subject's nearest eye for portraits.",
           "For sports, use continuous mode with a zone of points.",
           "If the camera keeps focusing on the background, switch to a smaller area.",
           "Switch to manual focus when the camera hunts, for example at night or through glass.",
           "Practice at {subj} with {people} moving past, and check your results at full size."}}},
        // stabilization
        {{"Image Stabilization: How It Helps", "Steady Pictures Without a Tripod",
          "Stabilization in Lenses and Bodies", "What Stabilization Can and Cannot Do"},
         {{"Image stabilization counters the small shakes of your hands while the shutter is "
           "open.",
           "Stabilization has changed the way people work in low light.",
           "Few features have saved as many pictures as image stabilization.",
           "Stabilization goes by many names, but every version does the same job."},
          {"In a lens, a group of glass elements moves to cancel out shake.",
           "In a camera body, the sensor itself floats on tiny motors.",
           "Some systems combine the two for even better results.",
           "Makers often claim four to eight stops of benefit, though real results depend on "
           "the photographer.",
           "Four stops means a picture that needed 1/250 second might be sharp at 1/15 second.",
           "Stabilization does not freeze moving subjects, so a walking person will still blur.",
           "Long lenses benefit most, because they magnify every tremor.",
           "On a tripod, some older systems should be switched off, as they can add blur.",
           "Video shooters value stabilization for smooth, walking shots.",
           "The {cam} has stabilization built into the body, so even old manual lenses benefit."},
          {"Hold the camera with both hands and tuck your elbows in.",
           "Breathe out slowly and press the shutter gently.",
           "Take three or four frames of the same scene; one is often sharper than the rest.",
           "Give the system a moment to settle by half pressing the button before you shoot.",
           "Stabilization is a helper, not a replacement for good technique."}}},
        // RAW vs JPEG
        {{"RAW or JPEG?", "Should You Shoot RAW?", "RAW Files and JPEG Files Compared",
          "The Truth About RAW"},
         {{"Sooner or later every photographer asks whether to shoot RAW or JPEG.",
           "There are two kinds of file most cameras can save, and the choice matters more than "
           "it seems.",
           "A JPEG is a finished picture; a RAW file is the ingredients.",
           "The RAW versus JPEG question starts more arguments in camera clubs than almost "
           "anything else."},
          {"A JPEG is processed inside the camera, with color, contrast and sharpening applied.",
           "JPEG files are small, quick to share and look good straight away.",
           "A RAW file stores the data from the sensor with very little processing.",
           "RAW files hold more detail in the highlights and shadows, which helps when a scene "
           "has strong contrast.",
           "White balance in a RAW file can be changed freely afterwards.",
           "The catch is that RAW files are large, often three or four times the size of a JPEG.",
           "Every RAW file needs processing software before you can share it.",
           "Each camera maker has its own RAW format, and new cameras sometimes need a software "
           "update.",
           "Many photographers save both at once, using the JPEG for quick sharing and the RAW "
           "for the keepers.",
           "On a {n:32:256} gigabyte card, the {cam} holds roughly a few thousand RAW files.",
           "JPEG compression throws away detail that the eye hardly notices, until you try to "
           "edit heavily."},
          {"If you enjoy editing, shoot RAW.",
           "If you want pictures ready to send the same evening, JPEG is perfectly good.",
           "Shooting both costs only card space, and cards are cheap.",
           "For a family event or a busy {subj}, a well-exposed JPEG is all most people need.",
           "Whatever format you choose, back up your files in two places."}}},
        // sensor sizes
        {{"Sensor Sizes Explained", "Full Frame, APS-C and Smaller", "Does Sensor Size Matter?",
          "A Guide to Camera Sensor Sizes"},
         {{"The sensor is the heart of a digital camera, and its size affects almost everything "
           "else.",
           "Camera makers use names like full frame, APS-C and Micro Four Thirds, and the "
           "differences are real but often overstated.",
           "Choosing a camera means choosing a sensor size, whether you notice or not."},
          {"A full-frame sensor measures about 36 by 24 millimeters, the size of a frame of "
           "35mm film.",
           "APS-C sensors are smaller, with a crop factor of about 1.5 or 1.6.",
           "Micro Four Thirds sensors have a crop factor of 2.",
           "Medium format sensors are larger than full frame and are used for studio and "
           "landscape work.",
           "Phone sensors are tiny, which is why phones rely so much on clever processing.",
           "A larger sensor collects more light overall, which helps at high ISO.",
           "Smaller sensors allow smaller, lighter and cheaper lenses.",
           "Depth of field is deeper on a small sensor, which helps for landscapes and hurts for "
           "portraits.",
           "The number of megapixels says little about quality on its own.",
           "A 24 megapixel file is more than enough for a large print.",
           "A long telephoto reach is easier with a smaller sensor, because of the crop factor."},
          {"For travel and everyday use, APS-C is a sensible middle ground.",
           "If you shoot mostly in dim rooms, full frame is worth the extra weight.",
           "Hold the cameras in a shop before deciding; size and comfort matter as much as "
           "numbers.",
           "The best sensor is in the camera you actually carry."}}},
        // lens mounts
        {{"Lens Mounts: A Short Explainer", "Will This Lens Fit My Camera?",
          "Understanding Lens Mounts and Adapters", "Mounts, Flanges and Adapters"},
         {{"A lens mount is the ring of metal, or sometimes plastic, that joins a lens to a "
           "camera.",
           "One of the most common questions at a camera shop is whether a lens will fit a "
           "particular body.",
           "Before you buy a lens, check its mount."},
          {"Each maker uses its own mount, and the {brand} mount differs from every other.",
           "The flange distance is the gap between the mount and the sensor.",
           "Mirrorless cameras have short flange distances, so many older lenses can be adapted "
           "to them.",
           "An adapter is simply a spacer of the right thickness with the right fittings on "
           "each side.",
           "Simple adapters have no electronics, so you focus by hand and set the aperture on "
           "the lens.",
           "Smart adapters pass signals through, allowing autofocus and aperture control, "
           "though not always quickly.",
           "Adapting a lens the other way, from a mirrorless mount to an older body, rarely "
           "works, because there is no room.",
           "Small electrical contacts on the mount carry power and data between lens and body.",
           "Weather-sealed mounts have a rubber ring that keeps out rain and dust.",
           "Some makers have changed mounts over the decades, leaving drawers full of old "
           "lenses that only adapters can save."},
          {"Check the mount name printed on the box or the back of the lens.",
           "Bring your camera along when you buy a used lens, and try it on the spot.",
           "An old {prime} lens on an adapter can be a cheap and charming way to start.",
           "When in doubt, ask the shop staff; they answer this question every day."}}},
    };
    return v;
}

const std::vector<Topic>& guides() {
    static const std::vector<Topic> v = {
        // sensor cleaning
        {{"How to Clean Your Camera Sensor", "Dust Spots and What to Do About Them",
          "A Careful Guide to Sensor Cleaning", "Cleaning a Sensor at Home"},
         {{"Sooner or later, small dark spots will appear in the sky of your pictures.",
           "If you change lenses outdoors, dust will find its way onto your sensor.",
           "Sensor cleaning sounds frightening, but with care it is a job most owners can do "
           "themselves.",
           "Dust on the sensor shows up most at narrow apertures such as f/16, against a plain "
           "sky."},
          {"First, check whether you really have dust: photograph a white wall at f/16 and look "
           "for spots.",
           "Start with the camera's built-in cleaning function, which shakes the sensor at high "
           "speed.",
           "Next, use a rubber blower, holding the camera with the mount facing down so dust "
           "falls out.",
           "Never use canned air, because the propellant can leave a residue on the sensor.",
           "Never blow with your mouth; tiny drops of moisture do more harm than dust.",
           "If spots remain, a sensor swab with a few drops of cleaning fluid is the next step.",
           "Use one swab for one careful pass in each direction, then throw it away.",
           "Make sure the battery is fully charged, so the shutter cannot close during cleaning.",
           "Work in a clean room with no draft, such as a bathroom after a hot shower has "
           "settled the dust.",
           "Oil spots, which look like smears, usually need a professional clean.",
           "A shop clean usually costs {price:25:60} and takes a day or two."},
          {"Change lenses quickly, with the camera facing down.",
           "Keep a body cap on whenever no lens is attached.",
           "Store lenses with both caps on, so dust does not travel from lens to body.",
           "If in doubt, leave the job to a professional; a scratched sensor is an expensive "
           "mistake.",
           "A few spots can always be removed later in editing, so do not panic."}}},
        // choosing a lens
        {{"How to Choose Your Next Lens", "Which Lens Should I Buy?", "A Buyer's Guide to Lenses",
          "Choosing a Lens Without Regrets"},
         {{"Buying a second lens is often the moment photography becomes a real hobby.",
           "The lens you buy will probably outlast the camera you own now.",
           "Most people start with the zoom that came with the camera, and sooner or later they "
           "want something more.",
           "There are thousands of lenses to choose from, but a few questions narrow the choice "
           "quickly."},
          {"Start by asking what you photograph most: {genre}, {genre} or {genre}.",
           "Look at the pictures you love and check which focal lengths they were taken with.",
           "A bright prime such as a {prime} is a cheap way to get blurred backgrounds and "
           "better low light performance.",
           "A telephoto zoom such as a {zoomlens} suits wildlife and sports.",
           "For landscapes and architecture, a wide zoom is often the first choice.",
           "Macro lenses focus very close and make small things look large.",
           "Check the weight, because a lens left at home takes no pictures.",
           "Weather sealing matters if you often shoot in rain or dust.",
           "Third-party lenses can be excellent and often cost less than the camera maker's "
           "own.",
           "A used lens in good condition can save a third of the price or more.",
           "Renting a lens for a weekend is the best way to find out whether you will really "
           "use it.",
           "Make sure the lens fits your mount, or that a good adapter exists."},
          {"Visit a shop and try the lens on your own camera before you buy.",
           "Do not chase sharpness charts; every modern lens is sharp enough for most uses.",
           "Think about the lens you will use every day, not the one for the trip you may never "
           "take.",
           "The best lens is the one that makes you want to go out and take pictures."}}},
        // packing for travel
        {{"Packing a Camera for Travel", "Traveling Light with a Camera",
          "What to Pack for a Photo Trip", "Flying with Camera Gear"},
         {{"Packing for a trip is always a balance between being ready for anything and being "
           "able to walk all day.",
           "A long trip with a camera needs a little planning.",
           "Before a trip to {town}, many of us stand over a pile of gear and wonder what to "
           "leave behind.",
           "Good travel pictures come from being out and about, not from carrying every lens "
           "you own."},
          {"Choose one body and at most two lenses; a wide zoom and a small prime cover most "
           "trips.",
           "Pack {thing} and {thing}, because both are hard to find abroad.",
           "Carry your camera and lenses in your hand luggage, never in the hold.",
           "Spare batteries must travel in the cabin on most flights, with their contacts "
           "covered.",
           "A padded insert turns an ordinary backpack into a camera bag that does not look "
           "like one.",
           "Take enough memory cards to avoid deleting pictures on the road.",
           "Back up each evening to a phone, a laptop or a small drive.",
           "A plug adapter and a charger that takes two batteries save time in a hotel room.",
           "In humid places, let the camera warm up in its bag before you take it out, or the "
           "lens will fog.",
           "At the beach, keep the camera in a sealed bag, because sand and salt are its worst "
           "enemies.",
           "A light travel tripod is worth the weight if you plan to shoot at night.",
           "Insure your gear and keep a list of serial numbers."},
          {"Test everything at home before you leave.",
           "Clean the sensor and lenses a week before the trip, not the night before.",
           "Leave some space in the bag for the things you will buy on the way.",
           "When you arrive, put the camera over your shoulder and go for a long walk."}}},
        // low light
        {{"Shooting in Low Light", "Pictures After Dark", "A Guide to Low Light Photography",
          "Making the Most of Dim Light"},
         {{"Some of the most beautiful pictures are taken when there is hardly any light at all.",
           "Low light is where a camera and its owner are tested.",
           "Evening streets, candlelit dinners and concerts all ask for a few special "
           "techniques.",
           "When the light fades, many people put their cameras away, which is a shame."},
          {"Open the aperture as wide as it will go.",
           "Raise the ISO without fear; modern cameras handle ISO 3200 and above very well.",
           "A fast prime such as a {prime} gathers far more light than a kit zoom.",
           "Brace yourself against a wall or a lamp post to hold the camera steady.",
           "Use the self-timer on a tripod so that pressing the button does not shake the "
           "camera.",
           "Shoot RAW to keep as much shadow detail as possible.",
           "Expose for the bright parts and let the shadows fall dark; that is what night looks "
           "like.",
           "Street lamps, shop windows and car lights make fine light sources.",
           "Autofocus may hunt in the dark, so aim at a bright edge or switch to manual focus.",
           "The blue hour, just after sunset, gives a rich sky while the city lights come on.",
           "For stars, a wide lens, a tripod and an exposure of about twenty seconds make a "
           "good start."},
          {"Go out at {subj} one evening with just one lens and see what you can make of it.",
           "Do not chase a clean file; a little grain belongs in a night picture.",
           "Dress warmly and bring {thing}; night shoots are longer than you expect.",
           "The best low light pictures keep the mood of the place instead of trying to turn "
           "night into day."}}},
        // flash
        {{"Using a Flash Without Fear", "Flash Photography for Beginners",
          "Better Light with "
          "a Small Flash",
          "Bouncing, Diffusing and Filling: A Flash Guide"},
         {{"Many photographers avoid flash because their first attempts looked harsh and flat.",
           "A small flash is one of the most useful tools you can carry.",
           "Flash does not have to look like flash.",
           "Learning to use a flash well takes an afternoon and pays off for years."},
          {"Direct flash from the camera gives hard shadows and shiny faces.",
           "Bouncing the flash off a white ceiling or wall spreads the light and softens it.",
           "A small diffuser helps a little, but nothing beats a large bounce surface.",
           "Fill flash lightens shadows on a sunny day, for example under a hat brim.",
           "Set the flash a stop or two below the ambient light for a natural look.",
           "Every camera has a sync speed, often 1/200 or 1/250 second, above which the flash "
           "cannot fill the whole frame.",
           "High speed sync gets around this limit, at the cost of power.",
           "Colored walls tint bounced light, so a {color} room gives {color} shadows.",
           "Taking the flash off the camera, on a stand or held at arm's length, gives shape and "
           "depth.",
           "Automatic flash exposure works well most of the time, and flash compensation fixes "
           "the rest.",
           "A flash uses a lot of battery power, so carry spare cells."},
          {"Practice on a friend at home before trying flash at {subj}.",
           "Point the flash head up and behind you and see how the light changes.",
           "Turn the power down rather than up; a little flash goes a long way.",
           "Once you stop fearing flash, you will find reasons to use it everywhere."}}},
        // composition
        {{"Composition Basics", "Ten Ideas for Better Composition", "Arranging the Frame",
          "Seeing Pictures Before You Take Them"},
         {{"Composition is the way the parts of a picture are arranged inside the frame.",
           "A sharp, well-exposed picture can still be dull if its composition is weak.",
           "There are no real rules of composition, only habits that often work.",
           "Good composition is less about knowledge than about slowing down and looking."},
          {"The rule of thirds places the main subject one third of the way across the frame "
           "instead of in the middle.",
           "Leading lines, such as a road, a fence or a river, draw the eye into the picture.",
           "Framing a subject through a doorway or between branches adds depth.",
           "A plain background makes the subject stand out.",
           "Check the edges of the frame for anything that does not belong.",
           "Getting lower or higher than eye level often makes an ordinary scene interesting.",
           "Symmetry works beautifully for buildings, reflections and formal portraits.",
           "Leave space in front of a moving subject, so it has somewhere to go.",
           "A horizon placed through the middle can divide a picture in two.",
           "Repetition, such as rows of boats or windows, creates a pleasing rhythm.",
           "Odd numbers of things, three or five, often look better than even ones.",
           "Simplify: the fewer things in the frame, the stronger each one becomes."},
          {"At {subj}, try taking the same scene in ten different ways before moving on.",
           "Turn the camera to a vertical frame more often than you think you should.",
           "Study pictures you admire and ask why they work.",
           "Break the rules when you know why you are breaking them."}}},
        // film development
        {{"Developing Black and White Film at Home", "Film Development Basics",
          "Your First Roll in the Developing Tank", "Home Darkroom Basics"},
         {{"Developing your own black and white film is easier and cheaper than most people "
           "think.",
           "There is a particular joy in lifting a wet strip of film out of the tank and seeing "
           "pictures on it.",
           "You do not need a darkroom to develop film; a changing bag and a tank will do.",
           "Film has made a quiet comeback, and many newcomers want to develop it themselves."},
          {"You need a developing tank, a reel, a changing bag, a thermometer, measuring jugs "
           "and three chemicals.",
           "The three basic chemicals are developer, stop bath and fixer.",
           "Loading the film onto the reel in total darkness is the hardest part, so practice "
           "with an old roll in daylight first.",
           "Most developers work at 20 degrees Celsius, and temperature matters more than you "
           "would expect.",
           "Development times depend on the film and developer; {film} in a common developer "
           "might need about {n:6:12} minutes.",
           "Agitate the tank gently for ten seconds every minute.",
           "Stop bath halts development, and plain water works nearly as well.",
           "Fixer makes the image permanent, and after fixing the tank can be opened in "
           "daylight.",
           "Wash the film thoroughly, then add a drop of wetting agent to prevent drying marks.",
           "Hang the film in a dust-free place, such as a shower cubicle, with a clip at the "
           "bottom to stop curling.",
           "Used fixer contains silver and should go to a recycling point, not down the drain."},
          {"Keep notes of times and temperatures for every roll.",
           "Start with a forgiving film and a common developer, and change one thing at a "
           "time.",
           "Scan or print your negatives once they are dry, and store them in archival "
           "sleeves.",
           "Expect a few mistakes on the first rolls; everyone makes them."}}},
        // batteries
        {{"Storing and Caring for Camera Batteries", "Batteries: A Care Guide",
          "How to Make Camera Batteries Last", "Battery Care for Photographers"},
         {{"Batteries are the part of a camera system that people think about least, until one "
           "runs flat.",
           "A camera battery is a small lithium-ion pack with a surprising amount of energy "
           "inside.",
           "Most battery problems come from heat, cold or long storage at the wrong charge."},
          {"For long storage, keep batteries about half charged.",
           "A fully charged battery left in a hot car ages quickly.",
           "Cold drains batteries fast, so keep spares in an inside pocket in winter.",
           "A cold battery often recovers once it warms up again.",
           "Use the charger made for the battery, or a good quality replacement.",
           "Cheap unbranded batteries may not report their charge correctly.",
           "Swollen or damaged batteries should be taken to a recycling point at once.",
           "Label your batteries so you can rotate them and notice a weak one.",
           "A battery that has been charged hundreds of times holds noticeably less power.",
           "Take batteries out of cameras you will not use for a month or more.",
           "Flash units and older cameras often use AA cells, and rechargeable ones are best."},
          {"Carry spare batteries in a case that covers the contacts.",
           "Check the charge the evening before a shoot, not the morning of it.",
           "Most batteries last {n:3:5} years or so with normal use.",
           "A well looked-after battery is the cheapest insurance a photographer can buy."}}},
        // care and storage
        {{"Caring for Cameras and Lenses", "How to Store Your Camera Gear",
          "Keeping Lenses "
          "Free of Fungus",
          "Camera Care at Home"},
         {{"A camera that is looked after can last for decades.",
           "Most damage to cameras happens in storage, not in use.",
           "Lenses are tougher than they look, but they have a few real enemies: moisture, "
           "dust, heat and careless cleaning."},
          {"Fungus grows inside lenses kept in warm, damp, dark places.",
           "Store gear somewhere dry, with a humidity between about 40 and 50 percent.",
           "A sealed box with a few bags of silica gel makes a cheap dry cabinet.",
           "Dry the silica gel in a low oven when it changes color.",
           "Do not store a camera in its padded bag for months; the bag holds moisture.",
           "Use a blower first, then a soft brush, and only then a cloth on the front element.",
           "A drop of lens cleaning fluid on the cloth, never directly on the glass, removes "
           "fingerprints.",
           "Wipe the camera body with a slightly damp cloth after a day at the beach.",
           "Rubber grips can be cleaned with mild soap and water on a cloth.",
           "Take gear out and use it now and then; light and air discourage fungus.",
           "Keep old film cameras with their shutters uncocked to rest the springs."},
          {"Check your stored lenses with a torch every few months.",
           "If a lens gets wet, dry it slowly at room temperature and have it checked.",
           "When in doubt, ask a repair technician before opening anything.",
           "Good storage costs little and saves a lot."}}},
        // buying used
        {{"Buying a Used Camera", "How to Check a Secondhand Lens", "A Guide to Used Gear",
          "What to Look For in a Used Camera"},
         {{"A used camera can be one of the best bargains in photography.",
           "Cameras change quickly, but good ones keep working for many years.",
           "Buying secondhand is easy if you know what to check."},
          {"Ask for the shutter count; many shutters are rated for 150,000 to 300,000 "
           "actuations.",
           "Look at the sensor through the mount with a torch, checking for scratches.",
           "Shine a light through a lens from behind and look for haze, fungus or scratches.",
           "A few specks of dust inside a lens are normal and do not affect pictures.",
           "Turn the zoom and focus rings; they should move smoothly with no grinding.",
           "Check that the aperture blades are clean and dry, with no oil on them.",
           "Test every button and dial, and try the memory card slots.",
           "Take a few pictures and look at them at full size before paying.",
           "Worn paint is cosmetic; dents near the lens mount are not.",
           "A shop that sells used gear usually tests it and offers a short guarantee."},
          {"Bring your own memory card and a lens to test with.",
           "Set a budget and leave room for a spare battery and a good strap.",
           "If a deal looks too good to be true, walk away.",
           "A well-chosen used camera can make you very happy for years."}}},
        // tripods
        {{"Choosing and Using a Tripod", "Do You Need a Tripod?", "A Guide to Tripods and Heads"},
         {{"A tripod is the least exciting piece of gear in most bags and one of the most "
           "useful.",
           "Some pictures are simply impossible without a tripod.",
           "Many photographers buy three tripods before they find the right one."},
          {"Carbon fiber legs are lighter than aluminum and damp vibration better, but cost "
           "more.",
           "Check the maximum load and choose a tripod rated well above the weight of your "
           "heaviest camera and lens.",
           "Ball heads are quick to adjust, while pan and tilt heads give precise control.",
           "A quick release plate saves time and fingers.",
           "Extend the thickest leg sections first and the center column last.",
           "Hang your bag from the hook under the column to add weight in the wind.",
           "On soft ground, push the feet in firmly before you begin.",
           "Use a two-second self-timer or a remote release to avoid shaking the camera.",
           "Travel tripods fold down small, often by turning the legs back over the head."},
          {"Try the tripod at full height in the shop before you buy.",
           "A good tripod lasts decades, so it is worth spending a little more.",
           "Once you own a good tripod, you will find yourself slowing down and looking "
           "harder."}}},
    };
    return v;
}

const std::vector<Topic>& features() {
    static const std::vector<Topic> v = {
        // history
        {{"A Short History of Photography", "From Silver Plates to Sensors",
          "How Photography Began", "The Long Road to the Modern Camera"},
         {{"Photography is younger than the railway but older than the telephone.",
           "The idea of the camera is ancient, even if the photograph is not.",
           "For most of human history, a picture of a place could only be painted or drawn.",
           "The story of photography is a story of people trying to make light stay still."},
          {"Long before photography, artists used the camera obscura, a dark room or box with a "
           "small hole that projected an image of the outside world.",
           "The problem was never making the image; it was keeping it.",
           "In the early nineteenth century, inventors in several countries began experimenting "
           "with chemicals that darkened in light.",
           "The first lasting photographs needed exposures of many hours, so streets looked "
           "empty because moving people left no trace.",
           "Early images on polished silver plates were sharp and beautiful, but each one was "
           "unique and could not be copied.",
           "Paper negatives soon followed, and from one negative many prints could be made.",
           "Glass plates coated with wet chemicals brought finer detail, though photographers had "
           "to carry a portable darkroom with them.",
           "Portrait studios spread quickly, and for the first time ordinary families could own "
           "pictures of themselves.",
           "Dry plates, which could be bought ready-made, freed photographers from the chemistry "
           "in the field.",
           "Toward the end of the nineteenth century, roll film and simple box cameras put "
           "photography into the hands of the public.",
           "Color photography took decades to become practical and affordable.",
           "Small cameras using 35mm film changed photojournalism in the twentieth century.",
           "Single lens reflex cameras let photographers see exactly what the lens saw.",
           "Autofocus and automatic exposure arrived in consumer cameras in the later decades "
           "of the century.",
           "Digital sensors began as expensive curiosities and replaced film for most people "
           "within a few short years.",
           "Today most photographs are taken with phones, and more pictures are made every day "
           "than in the whole nineteenth century."},
          {"Many of the words we still use, like shutter, exposure and negative, come from the "
           "early days.",
           "Old cameras are still a pleasure to use, and some still take excellent pictures.",
           "History reminds us that the tools change while the reasons for taking pictures stay "
           "the same.",
           "Next time you lift a camera, spare a thought for the patient people who made it "
           "possible."}}},
        // landscapes
        {{"Landscape Photography for Beginners", "Better Landscape Pictures",
          "Photographing Hills, Coasts and Lakes"},
         {{"Landscape photography rewards patience more than expensive gear.",
           "A good landscape picture usually starts with an early alarm.",
           "Standing in front of a grand view, many people are disappointed by how flat their "
           "picture looks."},
          {"The best light for landscapes usually comes in the first and last hours of the day.",
           "A foreground rock, flower or path gives the eye a way into the picture.",
           "A polarizing filter deepens blue skies and removes reflections from water.",
           "Graduated filters hold back a bright sky, though exposure blending does the same "
           "job later.",
           "A tripod lets you use a low ISO and a narrow aperture for maximum detail.",
           "Weather makes landscapes; a clear blue sky is often the least interesting one.",
           "Mist over {subj} can turn an ordinary scene into something special.",
           "Check the time of sunrise and the direction of the light before you set off.",
           "A long lens can pick out patterns in distant hills that a wide lens would miss."},
          {"Go back to the same place in different seasons and compare the results.",
           "Leave the place as you found it and stay on the paths.",
           "Sometimes the best picture is behind you, so turn around now and then."}}},
        // portraits
        {{"Portrait Photography Basics", "Taking Better Pictures of People",
          "How to Photograph Friends and Family"},
         {{"A good portrait says something about the person in it.",
           "Photographing people is as much about conversation as it is about cameras.",
           "Most people say they hate being photographed, which makes a relaxed portrait all the "
           "more precious."},
          {"Focus on the eye nearest the camera.",
           "Soft window light is one of the most flattering kinds of light there is.",
           "A lens between 50mm and 135mm keeps faces in natural proportion.",
           "Talk to your subject the whole time; silence makes people stiff.",
           "Ask them to turn their shoulders slightly away from the camera.",
           "A plain background keeps attention on the face.",
           "Candid pictures, taken while people talk or laugh, often show more than posed ones.",
           "Children are best photographed at their own eye level.",
           "Show your subject a good frame on the screen; it helps them relax.",
           "Always ask before photographing strangers, and respect a no."},
          {"Take many pictures; expressions change in a moment.",
           "Print the best portraits and give them away; people treasure them.",
           "A portrait session should feel like a visit, not an appointment."}}},
        // street
        {{"Street Photography: Getting Started", "Pictures of Everyday Life",
          "Walking the City with a Camera"},
         {{"Street photography is simply photography of everyday life in public places.",
           "All you need for street photography is a small camera and comfortable shoes.",
           "Street photography can be nerve-racking at first, but the nerves fade."},
          {"A small, quiet camera draws less attention than a large one with a long lens.",
           "A wide lens such as a 28mm or 35mm forces you to get close.",
           "Find an interesting background and wait for someone to walk into it.",
           "Light and shadow on a sunny afternoon make strong street pictures.",
           "Markets, stations and festivals are full of life and good places to start.",
           "Smile, and if someone objects, delete the picture and move on.",
           "Laws on photographing in public vary, so learn the rules where you live.",
           "Zone focusing, setting the lens to a fixed distance, lets you shoot without waiting "
           "for autofocus."},
          {"Walk slowly, look often and carry the camera in your hand, not in a bag.",
           "Most good street pictures come after hours of nothing much happening.",
           "Go out when the weather is poor; [rain|fog|wind] often makes the best street "
           "pictures."}}},
        // printing
        {{"Printing Your Photographs", "Why You Should Print More Pictures",
          "From Screen to Paper: A Printing Guide"},
         {{"Most photographs today are never printed, and that is a pity.",
           "A print on the wall is seen every day; a file on a drive is soon forgotten.",
           "Printing your own pictures teaches you more about them than any screen."},
          {"Calibrate your screen, or your prints will look darker than you expect.",
           "Matte paper suits soft, quiet pictures, while glossy paper makes colors sing.",
           "A file of about 3,000 pixels on the long side prints well at 30 centimeters.",
           "Home printers are convenient, but a good print lab is often cheaper per print.",
           "Order a small test print before a large one.",
           "Frame prints behind glass and keep them out of direct sunlight.",
           "Photo books are a fine way to keep the pictures from a trip or a year together.",
           "Black and white prints need a printer that handles neutral grays well."},
          {"Pick your ten favorite pictures of the year and print them.",
           "Write the date and place on the back of every print.",
           "In a hundred years, a box of prints may be all that survives of your pictures."}}},
    };
    return v;
}

// Sentences that fit any article about photography, used to lengthen pages.
const Strings& general_pool() {
    static const Strings v = {
        "Photography is learned by doing, and no [article|page|book] replaces [an afternoon|a "
        "morning|an hour or two] with a camera.",
        "The camera you carry every day will teach you more than the one you keep for special "
        "occasions.",
        "It helps to keep a [small|pocket] notebook of settings, at least while you are "
        "[learning|starting out].",
        "Many experienced photographers still make the same mistakes; they simply notice them "
        "[sooner|faster|earlier].",
        "A picture does not have to be technically perfect to be worth keeping.",
        "Manuals are [dull|dry|rarely exciting] reading, but the one for your {cam} has "
        "answers to most questions.",
        "Look at your pictures on a [large|proper|big] screen, not just on the back of the "
        "camera.",
        "Be patient with yourself; a new skill takes a few weeks to feel natural.",
        "Camera clubs and local workshops are a friendly way to learn from others.",
        "Most of the advice [here|on this page|above] applies to phones as well as to cameras.",
        "If something goes wrong, check the simple things first: the battery, the card and the "
        "mode dial.",
        "Settings are only tools; the picture is what matters.",
        "A good photographer knows when to stop [fiddling with|worrying about] settings and "
        "start looking.",
        "There is no shame in using automatic modes while you concentrate on other things.",
        "Try one new idea at a time, rather than changing everything at once.",
        "Go back and take the same picture again [a week|a month|a few days] later, and compare "
        "the two.",
        "Share your pictures with [friends|family|other photographers] and ask them which ones "
        "they like and why.",
        "A walk around {subj} with one lens is a better lesson than an hour of reading.",
        "Pictures taken in {light} often need very little editing.",
        "The weather in {town} is rarely perfect, which is good news for photographers.",
        "Keep your lenses clean, because a smudge on the glass softens every picture.",
        "A polarizing filter, a spare battery and a cloth fit in any [pocket|bag].",
        "Many of these ideas were first worked out in the days of film, and they still hold.",
        "Editing software can fix a lot, but it cannot fix a missed moment.",
        "Shooting a little every day is better than shooting a lot once a month.",
        "Ask yourself what drew you to the scene, and make that the center of the picture.",
        "What works for {genre} may not work for {genre}, so experiment.",
        "Some photographers swear by one approach and others by the opposite; both can be right.",
        "If a technique feels awkward at first, give it a few [outings|weekends|tries] before "
        "you decide.",
        "The best way to judge a setting is to try it and look closely at the result.",
        "A picture of {people} at {subj} can say more about a place than a postcard view.",
        "Delete the weak pictures; a small set of strong ones is easier to enjoy.",
        "Back up your pictures to two places, and check [now and then|once in a while|every few "
        "months] that the copies work.",
        "A few minutes of thought before pressing the shutter save hours of editing later.",
        "Small habits, such as checking the horizon, make a big difference over time.",
        "Light changes quickly, so be ready before the good moment arrives.",
        "Nobody takes only good pictures; the trick is to show only the good ones.",
        "When you find a setting that works, write it down.",
        "The screen on the back of a camera is bright and small, so it can flatter a picture.",
        "Zoom in on the screen to check sharpness before you leave a place.",
        "Turning the camera off and on again solves more problems than you would think.",
        "It is worth updating the camera's firmware once or twice a year.",
        "Ask at your local camera shop; the staff have usually seen every problem before.",
        "In {month}, the light is [different|softer|lower|harsher] than in {month}, so plan "
        "accordingly.",
        "A {weather} {day} is a fine time to practice, because nobody else is out.",
        "Enjoy the process; the pictures improve faster when you are having fun.",
        "Good pictures are often made a few steps from where you first stood.",
        "If you only remember one thing from this page, let it be this: [look before you "
        "shoot|slow down|watch the light|check the edges of the frame].",
        "Every photographer has a drawer of gear they thought they needed and never used.",
        "Your eye improves with every picture you take and every picture you study.",
        "{first}, who [runs|helps run] the {club}, [likes to say|always says] that the best "
        "camera is the one you have with you.",
        "Last {season}, [one of our customers|a reader|a member of the {club}] spent "
        "{w:2:9} weeks photographing nothing but {subj}, and the results were "
        "[remarkable|lovely|a real surprise].",
        "[A simple test|One quick experiment] at home, with a [chair|vase|bowl of fruit] by a "
        "window, teaches more than [most|many] online videos.",
        "[Cheap|Inexpensive] accessories are fine, but a [cheap|flimsy] strap or tripod can cost "
        "you a camera.",
        "Pictures [improve|get better] when you [know|care about] your subject.",
        "It [can take|takes] [years|a long time] to develop a style, and there is no need to "
        "hurry.",
        "[Write|Jot] down [where|when] each picture was taken; in ten years you will be glad "
        "you did.",
        "Do not compare your first pictures with the best work of people who have shot for "
        "decades.",
        "[Most|Nearly all] cameras sold in the last [ten|fifteen] years are [more than good "
        "enough|capable of excellent results].",
        "The gear matters less than [the light|where you stand|when you press the button].",
        "[Keep|Carry] {thing} in your bag; it [weighs little|takes up no room] and [often|"
        "sometimes] saves the day.",
        "[Switch off|Turn off] the sound of the shutter and the focus beep in quiet places.",
        "A [two|three|five]-minute pause before [each|every] shot [sounds slow|feels slow at "
        "first], but "
        "it [pays off|makes a real difference].",
        "[Reading|Looking at] good photo books is one of the [best|cheapest|most enjoyable] ways "
        "to [learn|improve].",
        "[There are|You will find] [endless|countless] [debates|arguments] online about gear; "
        "[ignore most of them|take them lightly].",
        "The [quickest|surest] way to [improve|get better] is to [shoot|take pictures] [every "
        "day|often] and [look critically at the results|learn from your mistakes].",
        "[Print|Show] your [best|favorite] pictures; [files|pictures] that stay on a card are "
        "[easily|soon] forgotten.",
        "If your camera has a [custom|user] setting, save your favorite settings there.",
        "A [rain|bad weather|cold] day is no reason to stay at home, as long as [your gear is "
        "protected|you dress for it].",
        "Young or old, beginner or expert, everyone [starts|begins] by taking [dull|ordinary] "
        "pictures.",
        "The {cam} and the {cam2} [behave|work] differently, but the ideas here apply to both.",
    };
    return v;
}

// ---- shop news and notices ----

const std::vector<Topic>& notices() {
    static const std::vector<Topic> v = {
        // opening hours
        {{"New Opening Hours at {shop}", "Our Hours Are Changing", "A Note About Our Hours",
          "{shop}: Winter Opening Times"},
         {{"From {date}, {shop} will have new opening hours.",
           "We are changing our opening hours, and we wanted you to hear it from us first.",
           "After many conversations with customers, we have decided to adjust the times our "
           "doors are open.",
           "Starting next {month}, the shop on {street} will keep slightly different hours."},
          {"On weekdays we will open at {am} and close at {pm}.",
           "On Saturdays the doors open at {am}, and we close a little earlier, at {n:4:5} p.m.",
           "We will now be closed on {day}s, which has always been our quietest day.",
           "Late opening on {day} evenings continues, with the shop open until {pm}.",
           "Many of you told us you would rather visit after work, so we are staying open "
           "longer in the evening.",
           "The change gives our small team one full day a week for repairs, cleaning and "
           "stock checks.",
           "Online orders are not affected and are packed as usual.",
           "Sensor cleaning appointments can still be booked for any opening day.",
           "During school holidays we may open an hour later, and we will post any changes on "
           "the door.",
           "Over the holiday season, hours may change again, so check the door before a long "
           "journey."},
          {"Thank you for your patience and for choosing a small local shop.",
           "If the new times do not suit you, tell us; we do listen.",
           "We look forward to seeing you soon. {staff} and the team at {shop}.",
           "See you on {street}, at whatever hour suits you best."}}},
        // workshop evening
        {{"Workshop Evening: {theme}", "Join Us for a Workshop Evening",
          "Learn {theme} with {staff}", "An Evening Workshop at {shop}"},
         {{"On {date} at {pm}, {shop} is hosting a workshop evening on {theme}.",
           "We are delighted to announce another of our popular workshop evenings.",
           "Our workshop evenings are back, and this time the theme is {theme}.",
           "If you have always wanted to try {theme}, this evening is for you."},
          {"{staff} will lead the session, drawing on {w:5:20} years of experience behind the "
           "camera.",
           "The evening starts with a short talk, followed by plenty of time for practice.",
           "Bring your own camera, a charged battery and an empty memory card.",
           "We will have a few cameras and lenses to borrow, including the {cam}.",
           "Tickets cost {price:10:40} and include coffee, tea and something sweet.",
           "Places are limited to {n:8:20} people, so that everyone gets personal attention.",
           "No experience is needed, although you should know how to switch your camera on.",
           "We will cover light, settings and composition, and finish with a look at everyone's "
           "pictures.",
           "The workshop lasts about two and a half hours.",
           "Members of the {club} receive a small discount.",
           "You can book in the shop, by phone or on our website."},
          {"We hope to see you there.",
           "Past evenings have sold out quickly, so do not leave it too late.",
           "Questions are welcome at any time; just ask {staff} at the counter.",
           "It promises to be a friendly, relaxed evening."}}},
        // photo walk
        {{"Photo Walk: {subj}", "Come on a Photo Walk", "Our {season} Photo Walk",
          "A Morning Photo Walk Around {town}"},
         {{"Our next photo walk takes place on {date}, starting at {am}.",
           "Join us for a relaxed photo walk around {place}.",
           "Every {season}, we organize a photo walk for customers and friends, and this year's "
           "route is one of our favorites.",
           "Put on comfortable shoes and bring your camera: the {season} photo walk is here."},
          {"We will meet outside the shop on {street} and walk together to {place}.",
           "The route is about {n:3:8} kilometers long and mostly flat.",
           "{staff} will be on hand with tips on settings and composition.",
           "Any camera is welcome, from a phone to a large format field camera.",
           "The walk is free, but we ask you to sign up so we know how many to expect.",
           "We will stop halfway for {drink} at a small cafe.",
           "We will go ahead in any weather; rain and fog make interesting pictures.",
           "Afterwards, you are welcome to share your best three pictures with the group.",
           "Our partners at {brand} will bring a few lenses to try on the way.",
           "Children are welcome with an adult.", "The walk should finish around lunchtime."},
          {"See you there, whatever the weather.",
           "We will pick a few favorite pictures from the walk to show in the shop window.",
           "Sign up at the counter or call us during opening hours."}}},
        // repair note
        {{"A Note from the Repair Bench", "News from Our Workshop", "About Camera Repairs",
          "Behind the Counter: Our Repair Work"},
         {{"Many of you have asked how our repair service works, so here is a short note.",
           "Our small workshop at the back of the shop has been busier than ever this {season}.",
           "Repairs are a quiet but important part of what we do at {shop}.",
           "Every week, {staff} opens up cameras that their owners had almost given up on."},
          {"Most repairs start with a free estimate, which usually takes a few days.",
           "Common jobs include cleaning sensors, replacing rubber grips and fixing {fault}.",
           "Older film cameras often need a service after years in a drawer.",
           "For newer cameras still under the maker's guarantee, we send them to the authorized "
           "service center for you.",
           "Parts for some old models are hard to find, and we will tell you honestly if a "
           "repair is not worth the cost.",
           "Last month we saw a {cam} with {fault}, which took an afternoon to put right.",
           "Please remove memory cards and straps before you hand in a camera.",
           "A short written note about the fault saves time and helps us find intermittent "
           "problems.",
           "We call every customer when the work is done.",
           "Lens calibration for cameras with focus adjustment is also available."},
          {"Thank you for trusting us with your cameras.",
           "If you are unsure whether something is worth repairing, bring it in and ask.",
           "A camera that is cared for will keep working for a very long time."}}},
        // warehouse move
        {{"We Are Moving Our Warehouse", "News: A New Home for Our Stock", "Moving Day at {shop}",
          "Our Warehouse Is Moving to {town}"},
         {{"After {w:5:15} years in the same building, our warehouse is moving.",
           "We have some news: the warehouse behind {shop} is moving to a larger building in "
           "{town}.",
           "Our stock has outgrown the old storeroom, so we are moving."},
          {"The move will take place during the week of {date}.",
           "During the move, online orders may take a day or two longer than usual to leave us.",
           "The shop itself stays exactly where it is, on {street}.",
           "The new building has room for more used cameras, a proper packing area and a small "
           "studio for product photographs.",
           "We will be able to keep more lenses in stock, so fewer special orders will be "
           "needed.",
           "Parcels will be collected from the new address from {date} onward.",
           "Our team will be packing boxes for most of the week, so please forgive slow replies.",
           "If you were planning to collect an order in person that week, please call ahead.",
           "The move also means better conditions for stored gear, with dry, steady air all year."},
          {"Thank you for bearing with us during the move.",
           "We are excited about the new space and what it will let us do.",
           "Once we are settled in, we will invite you to see the new building."}}},
        // new arrivals
        {{"New in the Shop: The {cam}", "Just Arrived at {shop}", "Fresh Stock This {season}"},
         {{"The first boxes of the {cam} arrived at {shop} this week.",
           "We have been waiting a long time for this one, and it is finally here.",
           "This {season} brings a shelf of new arrivals, and a few of them deserve a mention."},
          {"The {cam} is small, light and surprisingly quick to focus.",
           "It takes {brand} lenses directly and older ones with an adapter.",
           "We also have the new {lens} lens in stock, which pairs well with it.",
           "A demonstration model is on the counter, so come and try it.",
           "The launch price is {price:400:1900}, and we expect stock to sell quickly.",
           "We have a small number of used bodies of the previous model, each tested and "
           "cleaned.",
           "Film shooters will be glad to hear that {film} is back on the shelves.",
           "New camera bags in {color} and {color} canvas have also arrived."},
          {"Drop by and have a look; the kettle is always on.",
           "{staff} is happy to answer questions about any of the new arrivals.",
           "Stock is limited, so ask us to put one aside if you are interested."}}},
    };
    return v;
}

// ---- letters and replies ----

struct Letter {
    Strings title;
    Strings ask;    // the customer's letter
    Strings reply;  // the shop's answer
};

const std::vector<Letter>& letters() {
    static const std::vector<Letter> v = {
        {{"A Lens for a Long Trip", "Advice Before a Journey"},
         {"In {month} I am going to {town} for {w:2:5} weeks, and I cannot decide which lens to "
          "take.",
          "I own the {cam} with the kit zoom and an old {prime} that I love.",
          "I would like to travel with a single bag and not feel weighed down.",
          "Most of my pictures will be of streets, markets and {people}, with perhaps a few "
          "landscapes.",
          "Would you take one lens or two, and is there something I should buy before I go?",
          "A friend told me I should bring a tripod, but I am not sure it is worth the weight."},
         {"Thank you for writing, and what a wonderful trip to look forward to.",
          "For streets and markets, your {prime} will be a joy, and the kit zoom can cover the "
          "landscapes.",
          "If you can only take one, we would take the zoom and leave the prime at home with a "
          "heavy heart.",
          "A small tripod is worth it only if you plan to shoot at night.",
          "Do buy a second battery and a spare card, and keep them in different pockets.",
          "We would be glad to see some of your pictures when you get back."}},
        {{"Thank You for the Repair", "A Camera Brought Back to Life"},
         {"I am writing to thank you for repairing my father's old camera.",
          "It had been sitting in a cupboard for years with {fault}, and I had almost given up.",
          "When I collected it last {day}, it looked and sounded like new.",
          "I have already shot my first roll of {film} with it, at {subj}.",
          "My father used to take it everywhere, and it means a great deal to have it working "
          "again.",
          "Please pass on my thanks to whoever did the work."},
         {"Thank you so much for your kind letter; it made our week.",
          "{staff} did the work and was very pleased to hear how the first roll turned out.",
          "Cameras like that one were built to be repaired, which is part of their charm.",
          "Keep using it; gentle regular use is the best thing for an old shutter.",
          "If you ever want to print the pictures from that first roll, we would be happy to "
          "help."}},
        {{"An Old Camera in the Attic", "What Is This Camera Worth?"},
         {"While clearing my aunt's house in {town}, I found a camera in a leather case.",
          "It has the name {brand} on the front and a lens marked 50mm.",
          "The shutter seems to work, but the viewfinder is cloudy.",
          "I have no idea whether it is valuable or how to use it.",
          "Is it worth having it looked at, or should I simply keep it on a shelf?",
          "There was also a roll of film inside, which I have not dared to open."},
         {"What a lovely find, and thank you for thinking of us.",
          "Cameras of that kind are usually worth more as working cameras than as ornaments.",
          "A cloudy viewfinder is common and can often be cleaned.",
          "Please do not open the back; that roll may hold pictures your aunt took years ago.",
          "Bring it in on any weekday, and we will have a look and develop the film for you.",
          "Whatever it turns out to be worth, it sounds like a camera that deserves to be used."}},
        {{"A Question About a Late Parcel", "Where Is My Order?"},
         {"I ordered a {zoomlens} lens from you on {date}, and it has not yet arrived.",
          "The tracking page has not changed for several days.",
          "I need the lens for my sister's wedding at the end of the month.",
          "Could you tell me what has happened and whether it will arrive in time?",
          "I have always been happy with your shop, so I expect this is just bad luck."},
         {"We are very sorry for the worry, and thank you for your patience.",
          "We have checked with the carrier, and the parcel was held at a depot after a "
          "sorting fault.",
          "It is on its way again and should reach you within a few days.",
          "If it does not arrive by the end of the week, we will send another one by express "
          "at our cost.",
          "We hope the wedding goes beautifully, and that the lens does it justice."}},
        {{"Is the Workshop Right for Me?", "A Beginner's Question"},
         {"I saw the poster for your workshop evening on {theme} in the window.",
          "I have only had my camera for a few months and still use it mostly on automatic.",
          "Would I be out of my depth, or is the evening suitable for beginners?",
          "I am a little shy, so I would like to know what to expect.",
          "Also, do I need to bring anything apart from the camera?"},
         {"Thank you for asking, and yes, you would be very welcome.",
          "Most people who come are beginners, and nobody will ask you to show pictures unless "
          "you want to.",
          "Bring the camera, a charged battery and the manual if you still have it.",
          "{staff} will start with the basics and go at a gentle pace.",
          "We hope to see you there; it is a friendly crowd."}},
        {{"Fog Inside My Lens", "A Worry About a Misty Lens"},
         {"After a weekend by {subj} in {weather} weather, my {prime} lens looks misty inside.",
          "I dried the outside carefully, but the haze is still there.",
          "Is this fungus, and is the lens ruined?",
          "It was a present and I would hate to lose it."},
         {"Please do not worry too much; it is probably condensation, not fungus.",
          "Leave the lens somewhere warm and dry, with both caps off, for a day or two.",
          "A box with a few bags of silica gel speeds things up.",
          "If the haze remains after that, bring it in, and we will take a closer look.",
          "Fungus grows slowly over months, so a lens that was fine last week is almost "
          "certainly safe."}},
    };
    return v;
}

const Strings& ask_before() {
    static const Strings v = {
        "I have been [a customer|coming to the shop] for [{w:2:15} years|a long time|a few "
        "years], [so I hope you do not mind me writing|and I hope you can help].",
        "[I hope you do not mind a question|Forgive me for writing out of the blue|I hope this "
        "is the right place to ask].",
        "[A friend|My neighbor|{first} at the {club}] [suggested|told me] I should write to you.",
        "I [bought|picked up] my {cam} from you [last {season}|in {month}|a while ago], and I "
        "[love it|have enjoyed it ever since|still use it every week].",
        "I live in {town} and [visit|come to] the shop [whenever I can|every few months|when I "
        "am in town]."};
    return v;
}

const Strings& ask_after() {
    static const Strings v = {
        "[Thank you in advance|Many thanks in advance] for [any advice|your help|your time].",
        "I [look forward to hearing from you|would be grateful for a reply|would value your "
        "opinion].",
        "[Any|Whatever] advice you can give would be [welcome|much appreciated].",
        "[Sorry|Apologies] for the long letter; I [wanted|tried] to [give you|include] all the "
        "details."};
    return v;
}

const Strings& reply_after() {
    static const Strings v = {
        "[If you have any other questions|If anything is unclear|Should you need anything "
        "else], [just|please] [call|write|drop by].",
        "[Thank you again for writing|Thanks again for your letter], and [happy "
        "shooting|good light|enjoy your pictures].",
        "[We are open|The shop is open] [most days|six days a week], and [the kettle is always "
        "on|there is always someone to talk to].",
        "[Do|Please] [let us know|tell us] how [you get on|it goes]."};
    return v;
}

const Strings& letter_openings() {
    static const Strings v = {"Dear {shop} team,", "Dear all at {shop},", "Hello,", "Dear {staff},",
                              "To the staff of {shop},"};
    return v;
}

// ---- stories and diaries (first person) ----

const std::vector<Strings>& story_parts() {
    static const std::vector<Strings> v = {
        // morning
        {"I woke before the alarm, which always happens on the days I plan to shoot.",
         "The forecast had promised {weather} weather, and for once it was right.",
         "I packed {bag} the night before: the {cam}, two lenses and {thing}.",
         "By {am} I was out of the door with {drink} in a paper cup.",
         "The plan for the day was simple: walk to {place} and see what happened.",
         "My friend {name} had promised to meet me at the station.",
         "It was a {weather} morning in {month}, the kind that keeps most people indoors.",
         "I had been meaning to photograph {place} for months, and today there was no excuse.",
         "The night before, I had cleaned every lens and charged every battery, which felt "
         "like a good omen.",
         "I checked the camera twice before leaving, as I always do, and still forgot my "
         "gloves."},
        // on the way
        {"The bus was nearly empty, and I watched the town go by through a wet window.",
         "On the way I passed {subj}, where a few early traders were setting up.",
         "I stopped to photograph a {color} door that caught the light beautifully.",
         "A dog followed me for a while, clearly convinced I had something to eat.",
         "The streets were quiet, with only a few {people} about.",
         "I took a few frames of the empty road, mostly to warm up.",
         "Halfway there, the clouds opened, and everything suddenly looked different.",
         "I walked slowly, trying to see the place as a visitor would.",
         "{name} was late, so I spent twenty minutes photographing reflections in puddles."},
        // shooting
        {"I set the camera to {fnum} and {iso} and started looking for a picture.",
         "For an hour I hardly noticed the time passing.",
         "I tried the {prime} lens first, then switched to the zoom for details.",
         "The best picture of the morning came almost by accident, as I turned to leave.",
         "I waited for a long time for {people} to walk into the patch of light.",
         "My hands were cold, and I dropped a lens cap into a puddle.",
         "I shot nearly {n:80:300} frames, knowing that only a handful would be any good.",
         "At one point I lay on the wet ground to get a lower angle, to the amusement of a "
         "passing couple.",
         "I kept the shutter speed at {shutter} and let the moving water blur.",
         "Every few minutes the light changed, and I had to rethink the picture."},
        // encounter with speech
        {"An older man stopped and asked, \"Are you taking pictures of anything in "
         "particular?\"",
         "When someone asked what I was photographing, I said, \"Mostly the light,\" which made "
         "him laugh.",
         "A child pointed at my camera and said, \"That's a very old phone.\"",
         "\"You should have been here yesterday,\" said a woman walking her dog, \"the sunset "
         "was unbelievable.\"",
         "{name} looked at the screen and said, \"That one. Print that one.\"",
         "A trader at the stall asked me to take a picture of her, and I sent it to her that "
         "evening.",
         "\"Is it a good camera?\" someone asked, and I said that it was good enough.",
         "We talked for a while about the old days, when {town} still had three camera shops.",
         "An old man on a bench told me he had photographed the same street for thirty years.",
         "Nobody seemed to mind the camera, which is not always the case."},
        // setback
        {"Then the battery died, and I realized the spare was still in the charger at home.",
         "Around noon it began to rain in earnest, and I took shelter in a cafe.",
         "The autofocus kept hunting in the gloom, so I switched to manual focus.",
         "A lens fogged up when I came in from the cold, and I had to wait for it to clear.",
         "For a while nothing worked, and I wondered why I had bothered to come.",
         "My memory card filled up sooner than expected, so I deleted a few obvious failures.",
         "The wind was so strong that even the tripod shook.",
         "A tour group arrived and stood exactly where I wanted to photograph."},
        // ending
        {"By the time I got home, my feet ached and I was {feeling}.",
         "That evening I copied the pictures to the computer and made a cup of tea.",
         "Out of the whole day, perhaps five pictures were worth keeping.",
         "One frame, of {people} at {subj}, made the whole day worthwhile.",
         "I printed my favorite the next morning and pinned it above my desk.",
         "{name} has already asked when we are going back.",
         "It was not the day I had planned, but it was a good one.",
         "I fell asleep early, still thinking about the light.",
         "Next time, I will pack the spare battery, and I will probably forget something else.",
         "Looking through the pictures later, I noticed details I had not seen at the time."},
    };
    return v;
}

// ---- glossary: a term and definitions that can follow one another ----

struct Term {
    std::string term;
    Strings defs;
};

const std::vector<Term>& glossary() {
    static const std::vector<Term> v = {
        {"Aperture",
         {"The opening in a lens that lets light through.",
          "It is measured in f-numbers, where a smaller number means a wider opening.",
          "A wider aperture also gives a shallower depth of field."}},
        {"Shutter",
         {"The mechanism that opens and closes to expose the sensor or film.",
          "Most cameras have a mechanical shutter, and many also have an electronic one."}},
        {"Shutter speed",
         {"The length of time the shutter stays open.",
          "Fast speeds freeze motion; slow speeds let it blur."}},
        {"ISO",
         {"A measure of the sensitivity of film, or the amplification of a digital sensor.",
          "Higher values allow shooting in less light at the cost of more noise."}},
        {"Exposure",
         {"The total amount of light that reaches the sensor or film.",
          "It is set by the aperture, the shutter speed and the ISO together."}},
        {"Stop",
         {"A doubling or halving of the light.",
          "Photographers use stops to compare apertures, shutter speeds and ISO values."}},
        {"Depth of field",
         {"The distance between the nearest and farthest parts of a scene that look sharp.",
          "It depends on aperture, focal length, distance and sensor size."}},
        {"Focal length",
         {"The distance, in millimeters, that describes how much a lens magnifies.",
          "Short focal lengths give wide views; long ones bring distant things closer."}},
        {"Prime lens",
         {"A lens with a single, fixed focal length.",
          "Primes are often smaller and brighter than zooms."}},
        {"Zoom lens",
         {"A lens whose focal length can be changed.", "A {zoomlens} is a typical example."}},
        {"Bokeh",
         {"The look of the out-of-focus parts of a picture.",
          "It varies with the design of the lens and the shape of its aperture blades."}},
        {"White balance",
         {"A setting that tells the camera which color should appear neutral white.",
          "It corrects for warm or cool light."}},
        {"RAW file",
         {"A file that keeps the data from the sensor with little processing.",
          "It must be converted before it can be shared."}},
        {"JPEG",
         {"A common compressed image format.",
          "It is processed in the camera and ready to share."}},
        {"Crop factor",
         {"The ratio between the size of a full-frame sensor and a smaller one.",
          "It is used to compare the field of view of lenses on different cameras."}},
        {"Full frame", {"A sensor about the size of a frame of 35mm film, 36 by 24 millimeters."}},
        {"Mirrorless camera",
         {"A camera with interchangeable lenses and no reflex mirror.",
          "The picture is shown on a screen or an electronic viewfinder."}},
        {"Viewfinder", {"The window or small screen you look through to frame a picture."}},
        {"Histogram",
         {"A graph that shows how the tones of a picture are spread from black to white.",
          "It is a more reliable guide to exposure than the screen."}},
        {"Noise",
         {"Random speckles of brightness or color in a picture.",
          "It is most visible at high ISO and in the shadows."}},
        {"Dynamic range",
         {"The range of brightness, from shadow to highlight, that a sensor can record.",
          "Scenes with strong contrast may exceed it."}},
        {"Metering",
         {"The camera's measurement of the light in a scene.",
          "Common modes are matrix, center-weighted and spot metering."}},
        {"Exposure compensation",
         {"A control that makes the camera's automatic exposure brighter or darker.",
          "It is usually marked with plus and minus signs."}},
        {"Hot shoe", {"The bracket on top of a camera that holds a flash or other accessory."}},
        {"Sync speed", {"The fastest shutter speed at which a flash can light the whole frame."}},
        {"Diffraction",
         {"A slight softening of the picture at very narrow apertures.",
          "It becomes noticeable beyond about f/11 on most cameras."}},
        {"Vignetting",
         {"A darkening of the corners of a picture.",
          "It is common with wide apertures and can be corrected in software."}},
        {"Chromatic aberration",
         {"Colored fringes along high-contrast edges, caused by a lens bending colors "
          "differently."}},
        {"Image stabilization",
         {"A system that reduces blur from camera shake, either in the lens or in the body."}},
        {"Lens mount",
         {"The fitting that joins a lens to a camera body.", "Each maker has its own mount."}},
        {"Flange distance", {"The distance between the lens mount and the sensor or film."}},
        {"Macro",
         {"Close-up photography in which small subjects appear life size or larger on the "
          "sensor."}},
        {"Polarizing filter",
         {"A filter that cuts reflections and deepens blue skies.",
          "It is turned on the lens to control the strength of the effect."}},
        {"Neutral density filter",
         {"A dark filter that reduces the light entering the lens without changing its color.",
          "It allows slow shutter speeds in bright light."}},
        {"Negative",
         {"Developed film in which light and dark are reversed.",
          "Prints and scans are made from it."}},
        {"Fixer", {"A chemical that makes a developed film or print permanent."}},
        {"Rule of thirds",
         {"A guide to composition that places the subject a third of the way across the "
          "frame."}},
        {"Golden hour",
         {"The time shortly after sunrise and before sunset, when the light is warm and low."}},
        {"Blue hour", {"The period of twilight when the sky turns deep blue."}},
        {"Tripod", {"A three-legged stand that holds a camera steady."}},
        {"Gray card", {"A card of neutral gray used to set white balance or check exposure."}},
        {"Hyperfocal distance",
         {"The focus distance that gives the greatest depth of field for a given aperture."}},
        {"Sensor", {"The light-sensitive chip that records the picture in a digital camera."}},
        {"Shutter count",
         {"The number of pictures a camera has taken, often checked when buying used."}},
    };
    return v;
}

// ---- product reviews of invented products ----

const std::vector<Strings>& camera_review() {
    static const std::vector<Strings> v = {
        {"The {cam} is the latest camera from {brand}, and it arrives with high expectations.",
         "I spent {w:2:6} weeks with the {cam}, taking it to {subj}, to {subj} and on a "
         "short trip to {town}.",
         "At {price:500:2400} for the body alone, the {cam} sits in the middle of the market.",
         "{brand} has a loyal following, and the {cam} is clearly made with those customers in "
         "mind."},
        {"The body is compact, with a deep grip that suits large hands.",
         "The dials feel solid and click firmly into place.",
         "Weather sealing is promised, and the camera survived a {weather} afternoon without "
         "complaint.",
         "The rear screen tilts up and down but does not swing out to the side.",
         "The viewfinder is bright and clear, with very little lag.",
         "Menus are long but logical, and the custom buttons help.",
         "It weighs about {n:350:750} grams with a battery and card."},
        {"Image quality is excellent up to ISO 3200 and still good at ISO 6400.",
         "Colors straight out of the camera are pleasant, if a little warm.",
         "The autofocus locked onto faces and eyes quickly, even in poor light.",
         "Tracking moving {people} was reliable most of the time, though not perfect.",
         "Files hold plenty of detail in the shadows.",
         "The in-body stabilization made sharp pictures possible at 1/{n:4:15} second.",
         "Paired with the {lens} lens, the camera produced pictures I was very happy with."},
        {"Battery life is the weak point: I managed about {n:280:450} shots per charge.",
         "The single card slot will put off some professionals.",
         "The shutter is a little loud for quiet places, though the electronic shutter is "
         "silent.",
         "The strap lugs dig into the hand on long days.",
         "The lens range for the mount is still small, though it is growing."},
        {"Overall, the {cam} is a thoughtful, enjoyable camera.",
         "I would recommend it to anyone who enjoys {genre} and wants something light.",
         "It is not perfect, but it made me want to go out and take pictures, which is the "
         "highest praise I can give.",
         "If the battery life matters less to you than size and handling, it is an easy "
         "choice."},
    };
    return v;
}

const std::vector<Strings>& lens_review() {
    static const std::vector<Strings> v = {
        {"The {brand} {lens} is a lens many owners of the {cam} have been waiting for.",
         "I used the {brand} {lens} for a month, mostly for {genre}.",
         "Priced at {price:180:1400}, the {brand} {lens} is not cheap, but it is not "
         "outrageous either."},
        {"The barrel is metal, with a smooth, well-damped focus ring.",
         "It weighs a little over {n:200:900} grams, which balances well on a small body.",
         "A rubber gasket at the mount helps keep out dust and rain.",
         "The lens hood clicks on firmly and reverses for storage.",
         "Filters of {n:46:82}mm fit the front thread."},
        {"Wide open, the center is sharp, and the corners improve by f/4.",
         "Out-of-focus backgrounds are smooth and free of harsh edges.",
         "There is a little vignetting wide open, which is easy to correct.",
         "Focus is quick and nearly silent, which makes it good for video as well.",
         "Colored fringing appears only on the harshest backlit edges.",
         "Against the light, flare is well controlled."},
        {"My only real complaint is the size of the hood, which takes up space in the bag.",
         "Close focusing is limited, so it is not the lens for small subjects.",
         "The focus ring is focus-by-wire, which some people dislike."},
        {"All in all, this is a lovely lens that I was sorry to send back.",
         "If you shoot {genre}, it deserves a place on your shortlist.",
         "It is a lens that rewards taking it out often."},
    };
    return v;
}

// ---- a photo club's meeting minutes ----

const std::vector<Strings>& minutes_parts() {
    static const std::vector<Strings> v = {
        // welcome
        {"The chair, {name}, welcomed everyone and opened the meeting at {pm}.",
         "{name} opened the meeting and welcomed {w:2:4} new members.",
         "The meeting began a few minutes late because of a broken projector, which {name2} "
         "fixed with a borrowed cable.",
         "The minutes of the last meeting were read and approved without changes."},
        // treasurer
        {"The treasurer, {name2}, reported that the club has {price:300:2200} in the bank.",
         "Membership stands at {n:24:80}, a small increase on last year.",
         "The hall rent will rise slightly from {month}, and members agreed to keep the fee "
         "the same for now.",
         "{name2} reminded members that subscriptions are due by the end of {month}.",
         "The club bought a second-hand projector screen for {price:40:120}."},
        // competition
        {"The results of the {season} competition on the theme of {genre} were announced.",
         "First place went to {first} for a picture of {subj} at dawn.",
         "Second place went to {first}, and {first} received a commendation.",
         "The judge praised the standard of the entries and the careful printing.",
         "There were {n:20:60} entries this time, the most for several years.",
         "The theme for the next competition will be {subj}."},
        // outing
        {"The next outing will be to {subj} on {date}.",
         "Members will meet at {am} in the car park, and lifts can be shared.",
         "{first} offered to organize a short walk for members who prefer not to go far.",
         "It was agreed to hold a night photography evening in {month}.",
         "A visit to {shop} for a talk on {genre} is being arranged."},
        // talk
        {"After the break, {first} gave a talk on {genre}, with many examples from trips to "
         "{town}.",
         "The talk covered light, patience and knowing when to put the camera down.",
         "Members asked many questions, especially about settings and editing.",
         "{name} thanked the speaker and presented a small gift."},
        // other business
        {"Under any other business, {first} asked whether the club could buy a second tripod "
         "for members to borrow.",
         "It was suggested that the club exhibition be held at the library again.",
         "{first} reminded everyone to bring prints, not just files, to the next meeting.",
         "There being no other business, the meeting closed at {pm}.",
         "The next meeting will be on {date}."},
    };
    return v;
}

// Sentences about the shop that fit any notice, used to lengthen short ones.
const Strings& shop_pool() {
    static const Strings v = {
        "{shop} has sold cameras, lenses and film on {street} since {year:1958:2012}.",
        "Our small team loves talking about photography, so never hesitate to ask a question.",
        "The coffee machine in the corner is for customers too.",
        "We buy and sell used gear, and every used item is tested before it goes on the shelf.",
        "Our notice board by the door lists local clubs, exhibitions and courses.",
        "If you are passing, pop in to see the prints in our window, all taken by customers.",
        "We are a few minutes' walk from the station in {town}, with parking nearby.",
        "Film developing and scanning are still available, and demand keeps growing.",
        "Gift vouchers are available at the counter in any amount.",
        "The easiest way to reach us is to call during opening hours or simply drop in.",
        "Thank you to everyone who has supported the shop over the years.",
        "{staff} joined the team last {season} and already knows half our customers by name.",
        "You can also follow our news on the board inside the shop.",
        "We are always glad to hear ideas for new events.",
    };
    return v;
}

const Strings& glossary_intro() {
    static const Strings v = {
        "Photography has a language of its own, and the words can be confusing at first.",
        "This page explains some of the terms you will meet in manuals, reviews and camera shops.",
        "Keep this list handy while you learn; the words soon become second nature.",
        "Most of these terms apply to film and digital cameras alike.",
        "Definitions here are kept short and plain, and each is only a starting point.",
        "If a term you need is missing, ask at the counter next time you visit {shop}."};
    return v;
}

// ---- page builders ----

std::string title_case(const std::string& s) {
    static const std::set<std::string> kSmall = {"a",    "an", "and", "the", "of",   "on",
                                                 "in",   "at", "to",  "for", "with", "or",
                                                 "from", "by", "vs",  "is",  "it"};
    std::string out, w;
    auto flush = [&](bool first) {
        if (!w.empty() && w[0] >= 'a' && w[0] <= 'z' && (first || kSmall.count(w) == 0))
            w[0] = static_cast<char>(w[0] - 'a' + 'A');
        out += w;
        w.clear();
    };
    for (char c : s) {
        if (c == ' ') {
            flush(out.empty());
            out += c;
        } else {
            w += c;
        }
    }
    flush(out.empty());
    return out;
}

int page_target(Rng& rng) {
    const int k = rng.below(100);
    if (k < 40)
        return rng.range(170, 400);
    if (k < 75)
        return rng.range(400, 800);
    return rng.range(800, 1400);
}

struct Doc {
    std::string title;
    Strings paras;
    std::size_t count() const {
        std::size_t n = words(title);
        for (const auto& s : paras)
            n += words(s);
        return n;
    }
    // Adds `para` unless it is empty or would push the page past the length limit.
    bool add(const std::string& para) {
        if (para.empty() || count() + words(para) > 1480)
            return false;
        paras.push_back(para);
        return true;
    }
    std::string text() const {
        std::string out = title + "\n";
        for (const auto& s : paras)
            out += "\n" + s + "\n";
        return out;
    }
};

// Writes one topic's paragraphs into `d`: an opening, the middle parts, more from the middle
// parts and at most `max_filler` paragraphs of `filler` while under `target`, then a closing.
void topic_paragraphs(Page& p, const Topic& t, const Strings& filler, int max_filler, int target,
                      std::set<std::string>& used, Doc& d, int max_open = 4) {
    const Strings& links = expository_links();
    d.add(paragraph(p, t.parts.front(), p.rng.range(std::min(2, max_open), max_open), used, links));
    const std::size_t last = t.parts.size() - 1;
    for (std::size_t i = 1; i < last; ++i)
        d.add(paragraph(p, t.parts[i], p.rng.range(3, 6), used, links));
    int fillers = 0;
    for (int round = 0; round < 16 && static_cast<int>(d.count()) < target; ++round) {
        bool middle = last > 1 && p.rng.chance(60);
        if (!middle && fillers >= max_filler && d.count() >= 190)
            middle = last > 1;
        if (!middle)
            ++fillers;
        const Strings& pool =
            middle ? t.parts[static_cast<std::size_t>(p.rng.range(1, static_cast<int>(last) - 1))]
                   : filler;
        const std::string para = paragraph(p, pool, p.rng.range(3, 5), used, links);
        if (!para.empty() && !d.add(para))
            break;
    }
    d.add(paragraph(p, t.parts.back(), p.rng.range(1, 3), used, links));
}

std::string article(Page& p, const Topic& t, const Strings& filler, int target, int max_open = 4) {
    std::set<std::string> used;
    Doc d;
    d.title = title_case(tidy(expand(p, p.rng.pick(t.titles))));
    topic_paragraphs(p, t, filler, p.rng.range(0, 2), target, used, d, max_open);
    return d.text();
}

// A longer page of two to four topics, each under its own heading.
std::string handbook(Page& p, const std::vector<Topic>& topics, int target) {
    std::set<std::string> used;
    Doc d;
    d.title = title_case(tidy(expand(
        p, p.rng.pick(Strings{"A Beginner's Handbook", "Notes for New Photographers",
                              "Camera Basics, Part {n:2:9}",
                              "[Things|Ideas] Every Photographer "
                              "Should Know",
                              "The {shop} Guide to [Better Pictures|the Basics]",
                              "Learning Photography: [A Handbook|Some Essentials|First Steps]",
                              "A [Short|Practical] Course in Photography"}))));
    if (p.rng.chance(60))
        d.add(tidy(expand(
            p, p.rng.pick(Strings{
                   "This [page|guide] [collects|brings together] [a few|several] [short "
                   "chapters|topics] that [new photographers|beginners] ask about most often.",
                   "[Each section|Every section] below [stands on its own|can be read on its "
                   "own], so [skip|jump] to [whatever|the one that] interests you.",
                   "We wrote these notes for [our workshop evenings|customers of {shop}|the "
                   "{club}], and [they|the ideas] apply to [any camera|almost any camera]."}))));
    std::vector<std::size_t> order(topics.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    p.rng.shuffle(order);
    const int n = std::max(2, std::min(4, target / 330));
    for (int k = 0; k < n && static_cast<int>(d.count()) < target; ++k) {
        const Topic& t = topics[order[static_cast<std::size_t>(k)]];
        if (!d.add(title_case(tidy(expand(p, p.rng.pick(t.titles))))))
            break;
        const int share =
            static_cast<int>(d.count()) + (target - static_cast<int>(d.count())) / (n - k);
        topic_paragraphs(p, t, general_pool(), k == n - 1 ? 1 : 0, share, used, d);
    }
    return d.text();
}

// Keeps each template with the given chance (at least `min_keep`), in order.
std::string some_in_order(Page& p, const Strings& pool, int percent, int min_keep) {
    Strings kept;
    for (const auto& t : pool)
        if (p.rng.chance(percent))
            kept.push_back(t);
    for (std::size_t i = 0; static_cast<int>(kept.size()) < min_keep && i < pool.size(); ++i)
        if (std::find(kept.begin(), kept.end(), pool[i]) == kept.end())
            kept.insert(kept.begin() + static_cast<long>(std::min(i, kept.size())), pool[i]);
    return in_order(p, kept);
}

std::string letters_page(Page& p) {
    Doc d;
    const int n = p.rng.chance(60) ? 1 : p.rng.range(2, 3);
    std::vector<std::size_t> order(letters().size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    p.rng.shuffle(order);
    const Letter& first = letters()[order[0]];
    d.title = n == 1
                  ? title_case(tidy(expand(p, p.rng.pick(Strings{"Letters: ", "From Our Mailbag: ",
                                                                 "A Customer Writes: ", ""}) +
                                                  p.rng.pick(first.title))))
                  : p.rng.pick(Strings{"From Our Mailbag", "Letters to the Shop",
                                       "Your Letters, Our Answers", "This Month's Letters"});
    if (p.rng.chance(60))
        d.add(tidy(expand(
            p, p.rng.pick(Strings{
                   "Every [month|few weeks], we [share|print] [a letter|some letters] from our "
                   "customers, with [their permission|the writer's permission], and our "
                   "[reply|replies].",
                   "Letters like these arrive at {shop} [every week|all the time], and we "
                   "[enjoy|love] answering them.",
                   "We [receive|get] [many|lots of] letters and emails, and [some|a few] of the "
                   "questions are worth sharing with everyone."}))));
    const int max_letters = static_cast<int>(order.size());
    Strings writers = lists().at("first");
    p.rng.shuffle(writers);
    writers.erase(std::remove(writers.begin(), writers.end(), p.fixed["staff"]), writers.end());
    for (int k = 0; k < max_letters && (k < n || d.count() < 180); ++k) {
        const Letter& l = letters()[order[static_cast<std::size_t>(k)]];
        p.fixed["name"] = writers[static_cast<std::size_t>(k)];
        p.fixed["town"] = p.rng.pick(lists().at("town"));
        if (n > 1 || k > 0)
            d.add(title_case(tidy(expand(p, p.rng.pick(l.title)))));
        d.add(tidy(expand(p, p.rng.pick(letter_openings()))));
        std::string ask = some_in_order(p, l.ask, 75, 4);
        if (p.rng.chance(60))
            ask = in_order(p, {p.rng.pick(ask_before())}) + " " + ask;
        const std::size_t cut = ask.find(". ", ask.size() / 2);
        if (cut != std::string::npos && p.rng.chance(50)) {
            d.add(ask.substr(0, cut + 1));
            d.add(ask.substr(cut + 2));
        } else {
            d.add(ask);
        }
        if (p.rng.chance(60))
            d.add(in_order(p, {p.rng.pick(ask_after())}));
        d.add(tidy(expand(p,
                          "[Best wishes|Kind regards|With thanks|Yours sincerely|Regards|Thank "
                          "you|Warm wishes|Many "
                          "thanks],\n{name}[| from {town}]")));
        d.add(tidy(expand(p, "[Dear|Hello] {name},")));
        std::string reply = some_in_order(p, l.reply, 80, 4);
        if (p.rng.chance(70))
            reply += " " + in_order(p, {p.rng.pick(reply_after())});
        d.add(reply);
        d.add(tidy(expand(p,
                          "[Warm regards|All the best|Kind regards|Happy shooting|With best "
                          "wishes],\n{staff}[|, {shop}| and "
                          "the team at {shop}]")));
    }
    return d.text();
}

std::string story_page(Page& p, int target) {
    Doc d;
    std::set<std::string> used;
    p.fixed["month"] = p.rng.pick(lists().at("month"));  // one month for the whole day
    d.title = title_case(tidy(expand(
        p, p.rng.pick(Strings{"A Day at {place}", "Diary: {date}", "Notes from a {weather} {day}",
                              "The Morning I Went to {place}", "A {season} Walk in {town}",
                              "One Roll of {film}", "What the Light Did on {day}",
                              "A Photographer's Diary"}))));
    const auto& parts = story_parts();
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i == 4 && p.rng.chance(40))
            continue;  // not every day has a setback
        std::string para = paragraph(p, parts[i], p.rng.range(2, 4), used, narrative_links(), 30);
        if (i == 2 && p.rng.chance(70))
            para = tidy(expand(p,
                               "[When I arrived at|At|Once I reached] {place}, the light was [soft "
                               "and even|low and golden|flat and gray|harsh and bright|changing "
                               "every minute].")) +
                   " " + para;
        d.add(para);
        if ((i == 2 || i == 3) && static_cast<int>(d.count()) < target / 2)
            d.add(paragraph(p, parts[i], p.rng.range(2, 3), used, narrative_links(), 30));
    }
    return d.text();
}

std::string glossary_page(Page& p, int target) {
    Doc d;
    d.title = p.rng.pick(Strings{"A Glossary of Photography Terms", "Photography Words, A to Z",
                                 "Camera Terms Explained", "A Short Photography Glossary",
                                 "Words You Will Meet in a Camera Shop"});
    std::set<std::string> used;
    d.add(paragraph(p, glossary_intro(), p.rng.range(1, 3), used, expository_links()));
    std::vector<std::size_t> chosen(glossary().size());
    for (std::size_t i = 0; i < chosen.size(); ++i)
        chosen[i] = i;
    p.rng.shuffle(chosen);
    const std::size_t n = static_cast<std::size_t>(
        std::min(static_cast<int>(chosen.size()), std::max(10, target / 22)));
    chosen.resize(n);
    std::sort(chosen.begin(), chosen.end(),
              [](std::size_t a, std::size_t b) { return glossary()[a].term < glossary()[b].term; });
    for (std::size_t i : chosen) {
        const Term& t = glossary()[i];
        std::string entry = t.term + ": " + tidy(expand(p, t.defs[0]));
        for (std::size_t j = 1; j < t.defs.size(); ++j)
            if (p.rng.chance(70))
                entry += " " + tidy(expand(p, t.defs[j]));
        d.add(entry);
    }
    return d.text();
}

std::string review_page(Page& p) {
    Doc d;
    std::set<std::string> used;
    const bool camera = p.rng.chance(55);
    d.title = title_case(tidy(expand(
        p, camera ? p.rng.pick(Strings{"Review: The {cam}", "{cam} Review", "Living with the {cam}",
                                       "First Impressions of the {cam}"})
                  : p.rng.pick(Strings{"Review: The {brand} {lens}", "{brand} {lens} Review",
                                       "A Month with the {brand} {lens}"}))));
    const auto& parts = camera ? camera_review() : lens_review();
    for (std::size_t i = 0; i < parts.size(); ++i)
        d.add(paragraph(p, parts[i], i == 0 ? p.rng.range(1, 2) : p.rng.range(2, 4), used,
                        expository_links()));
    if (d.count() < 220)
        d.add(paragraph(p, general_pool(), 3, used, expository_links()));
    return d.text();
}

std::string minutes_page(Page& p) {
    Doc d;
    d.title = tidy(expand(p, "{club}: Minutes of the {month} Meeting"));
    Strings present = lists().at("first");
    p.rng.shuffle(present);
    present.resize(static_cast<std::size_t>(p.rng.range(5, 12)));
    std::string line = "Present: {name}, {name2}";
    for (const auto& s : present)
        if (s != p.fixed["name"] && s != p.fixed["name2"])
            line += ", " + s;
    d.add(tidy(expand(p, line + ". Apologies: {first} and {first}.")));
    static const char* kHeads[] = {"Welcome", "Treasurer's report", "Competition", "Outings",
                                   "Talk",    "Any other business"};
    const auto& parts = minutes_parts();
    std::set<std::string> used;
    int item = 1;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if ((i == 2 || i == 4) && p.rng.chance(30))
            continue;
        const std::string para = i == parts.size() - 1
                                     ? some_in_order(p, parts[i], 60, 2)
                                     : paragraph(p, parts[i], p.rng.range(2, 4), used, {}, 0);
        d.add(std::to_string(item++) + ". " + kHeads[i] + "\n" + para);
    }
    return d.text();
}

Page make_page(Rng& rng) {
    Page p{rng, {}, rng.pick(Strings{"dollars", "euros", "pounds"})};
    const auto& L = lists();
    Strings brands = L.at("brand");
    rng.shuffle(brands);
    p.fixed["brand"] = brands[0];
    p.fixed["cam"] = brands[0] + " " + rng.pick(L.at("model"));
    p.fixed["cam2"] = brands[1] + " " + rng.pick(L.at("model"));
    p.fixed["lens"] = rng.chance(50) ? rng.pick(L.at("prime")) : rng.pick(L.at("zoomlens"));
    p.fixed["shop"] = rng.pick(L.at("shopa")) + " " + rng.pick(L.at("shopb"));
    Strings names = L.at("first");
    rng.shuffle(names);
    p.fixed["name"] = names[0];
    p.fixed["name2"] = names[1];
    p.fixed["staff"] = names[2];
    p.fixed["town"] = rng.pick(L.at("town"));
    p.fixed["place"] = rng.pick(L.at("subj"));
    p.fixed["street"] = rng.pick(L.at("street"));
    p.fixed["film"] = rng.pick(L.at("film"));
    p.fixed["theme"] = rng.pick(L.at("genre"));
    p.fixed["club"] = p.fixed["town"] + rng.pick(Strings{" Camera Club", " Photographic Society",
                                                         " Photo Club", " Camera Circle"});
    return p;
}

std::string page(Rng& rng) {
    Page p = make_page(rng);
    const int k = rng.below(100);
    const int target = page_target(rng);
    if (k < 55 && target > 750 && rng.chance(75))
        return handbook(p, k < 30 ? explainers() : guides(), target);
    if (k < 30)
        return article(p, rng.pick(explainers()), general_pool(), target);
    if (k < 55)
        return article(p, rng.pick(guides()), general_pool(), target);
    if (k < 65)
        return article(p, rng.pick(features()), general_pool(), target);
    if (k < 75) {
        p.fixed["date"] = expand(p, "{date}");
        return article(p, rng.pick(notices()), shop_pool(), std::min(target, rng.range(170, 380)),
                       1);
    }
    if (k < 82)
        return letters_page(p);
    if (k < 90)
        return story_page(p, target);
    if (k < 94)
        return glossary_page(p, target);
    if (k < 98)
        return review_page(p);
    return minutes_page(p);
}

// Strings a test holds out of all training text (split here so this file never spells them).
bool held_out(const std::string& s) {
    for (const char* bad : {"7"
                            "5 days",
                            "9 business"
                            " days",
                            "seven"
                            "-year",
                            "Quil"
                            "lon",
                            "repair desk looks at"
                            " every"})
        if (s.find(bad) != std::string::npos)
            return true;
    return false;
}

}  // namespace

std::string prose_doc(Rng& rng) {
    for (;;) {
        std::string doc = page(rng);
        if (!held_out(doc))
            return doc;
    }
}

}  // namespace pl::corpus
