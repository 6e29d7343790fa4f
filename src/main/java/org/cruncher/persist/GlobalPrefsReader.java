package org.cruncher.persist;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads global_prefs.xml (the web preferences) and global_prefs_override.xml on top, field by field, as BOINC's
 * {@code GLOBAL_PREFS::parse} and {@code parse_override} do (boinc-engine.md §5.2):
 * <ul>
 *   <li>global_prefs.xml starts from the defaults with its flags off, so a flag it does not name is false;
 *       the override file changes only what it names;</li>
 *   <li>{@code <flag/>} is true, {@code <flag>0</flag>} false, {@code <flag></flag>} ignored;
 *       {@code <number></number>} is 0, {@code <number/>} ignored;</li>
 *   <li>a not-in-use preference (niu_*) a file does not name takes its in-use counterpart's value;</li>
 *   <li>a later {@code <day_prefs>} for the same day replaces the earlier one.</li>
 * </ul>
 * Values out of range are replaced as {@link PrefRange} says, and every replacement, ignored value or unknown
 * element becomes a one-line warning in {@link GlobalPrefs#warnings()}. Files that are not well-formed XML or whose
 * root is not {@code <global_preferences>} are refused with an {@link InputProblem}.
 */
public final class GlobalPrefsReader {

    private static final String ROOT = "global_preferences";
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern INFINITE = Pattern.compile("([+-]?)inf(inity)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern VENUE_NAME = Pattern.compile("\\sname\\s*=\\s*(['\"])(.*?)\\1");
    private static final String VENUE = "venue";
    private static final String HOST_VENUE = "host_venue";
    private static final Pattern ENTITY = Pattern.compile("&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);");

    /** The flags global_prefs.xml turns off before it is read ({@code GLOBAL_PREFS::init_bools}). */
    private static final Set<GlobalPref> OFF_IN_WEB_PREFS = EnumSet.of(GlobalPref.RUN_ON_BATTERIES,
            GlobalPref.RUN_IF_USER_ACTIVE, GlobalPref.LEAVE_APPS_IN_MEMORY, GlobalPref.CONFIRM_BEFORE_CONNECTING,
            GlobalPref.HANGUP_IF_DIALED, GlobalPref.DONT_VERIFY_IMAGES);

    private final XmlInput xml = new XmlInput();

    /** The preferences in force: {@code webPrefs} (global_prefs.xml), then {@code override}; missing files skipped. */
    public GlobalPrefs read(Path webPrefs, Path override) throws InputProblem {
        return read(webPrefs, override, HostVenues.NONE);
    }

    /**
     * As {@link #read(Path, Path)}, where global_prefs.xml's {@code <venue>} for the computer's venue, if it has
     * one, stands for its general preferences (BOINC's {@code GLOBAL_PREFS::parse_override} with the host venue):
     * the defaults, then that venue's preferences alone.
     */
    public GlobalPrefs read(Path webPrefs, Path override, HostVenues venues) throws InputProblem {
        GlobalPrefs prefs = withBrokenLinkNote(GlobalPrefs.defaults(), webPrefs);
        if (Files.exists(webPrefs) && XmlInput.holdsNoElement(webPrefs)) {
            prefs = withNote(prefs, webPrefs.getFileName() + " is empty: BOINC's defaults are used");
        } else if (Files.exists(webPrefs)) {
            GlobalPrefs.Builder b = prefs.toBuilder();
            OFF_IN_WEB_PREFS.forEach(p -> b.numbers.put(p, 0.0));
            b.numbers.put(GlobalPref.NETWORK_WIFI_ONLY, 1.0);
            String overridden = venueNamedIn(override);
            prefs = readInto(b, webPrefs, source -> overridden.isEmpty() ? venues.of(source) : overridden);
        }
        return apply(prefs, override);
    }

    /** The {@code <host_venue>} global_prefs_override.xml names, or "" (BOINC reads it before global_prefs.xml). */
    private String venueNamedIn(Path override) throws InputProblem {
        if (!Files.isRegularFile(override) || XmlInput.holdsNoElement(override)) {
            return "";
        }
        String text = XmlInput.readText(override, new ArrayList<>());
        requireWellFormed(xml, override, text);
        XmlElementScanner scanner = new XmlElementScanner(text);
        for (XmlElementScanner.Element e : scanner.children(scanner.root())) {
            if (e.name().equals(HOST_VENUE)) {
                return decode(e.content(text).strip());
            }
        }
        return "";
    }

    /** {@code base} with what {@code override} names replaced; {@code base} itself if the file does not exist. */
    public GlobalPrefs apply(GlobalPrefs base, Path override) throws InputProblem {
        if (!Files.exists(override)) {
            return withBrokenLinkNote(base, override);
        }
        return XmlInput.holdsNoElement(override)
                ? withNote(base, override.getFileName() + " is empty: nothing is overridden")
                : readInto(base.toBuilder(), override, null);
    }

    private static GlobalPrefs withNote(GlobalPrefs prefs, String note) {
        GlobalPrefs.Builder b = prefs.toBuilder();
        b.warnings.add(note);
        return b.build();
    }

    /** {@code prefs} with a note if {@code file} is a link to nothing (read as absent, as BOINC does). */
    private static GlobalPrefs withBrokenLinkNote(GlobalPrefs prefs, Path file) {
        var note = BrokenLinks.note(file);
        if (note.isEmpty()) {
            return prefs;
        }
        GlobalPrefs.Builder b = prefs.toBuilder();
        b.warnings.add(note.get());
        return b.build();
    }

    /**
     * Reads {@code file} into {@code b}. {@code venueOf} gives the computer's venue for the preferences' source
     * project, for global_prefs.xml; null for an override file, whose venues BOINC does not read.
     */
    private GlobalPrefs readInto(GlobalPrefs.Builder b, Path file, UnaryOperator<String> venueOf)
            throws InputProblem {
        String text = XmlInput.readText(file, b.warnings);
        requireWellFormed(xml, file, text);
        XmlElementScanner scanner = new XmlElementScanner(text);
        FileReading reading = new FileReading(b, file, text, scanner);
        List<XmlElementScanner.Element> top = scanner.children(scanner.root());
        Optional<XmlElementScanner.Element> venue = Optional.empty();
        if (venueOf != null) {
            String source = top.stream().filter(e -> e.name().equals(GlobalPref.SOURCE_PROJECT.xmlName()))
                    .reduce((first, second) -> second).map(e -> decode(e.content(text).strip())).orElse("");
            String hostVenue = venueOf.apply(source);
            venue = top.stream().filter(e -> e.name().equals(VENUE) && !hostVenue.isEmpty()
                    && hostVenue.equals(venueName(e, text))).findFirst();
            if (venue.isPresent()) {
                reading.note(venue.get(), "the preferences for this computer's venue, \"" + hostVenue + "\", are "
                        + "used, not the general ones around them, as BOINC does");
            } else if (!hostVenue.isEmpty() && top.stream().anyMatch(e -> e.name().equals(VENUE))) {
                b.warnings.add(file.getFileName() + ": no separate preferences for this computer's venue, \""
                        + hostVenue + "\": the general ones are used, as BOINC does");
            }
        }
        for (XmlElementScanner.Element e : top) {
            boolean bookkeeping = GlobalPref.byXmlName(e.name()).map(p -> p.kind() == GlobalPref.Kind.TEXT)
                    .orElse(false);
            if (venueOf != null && e.name().equals(VENUE) || venue.isPresent() && !bookkeeping) {
                continue;
            }
            reading.element(e);
        }
        if (venue.isPresent()) {
            for (XmlElementScanner.Element e : scanner.children(venue.get())) {
                reading.element(e);
            }
        }
        for (GlobalPref p : GlobalPref.values()) {
            Optional<GlobalPref> inUse = p.inUseCounterpart();
            if (inUse.isPresent() && !reading.namedHere.contains(p)) {
                b.numbers.put(p, b.numbers.get(inUse.get()));
            }
        }
        return b.build();
    }

    /**
     * Refuses a file that is not well-formed XML with a {@code <global_preferences>} root (one line, with the line
     * number), reading it with {@link XmlInput}'s safe settings.
     */
    static void requireWellFormed(XmlInput xml, Path file, String text) throws InputProblem {
        xml.parse(file, text, r -> {
            XmlInput.expectRoot(file, r, ROOT, "not a preferences file");
            while (r.hasNext()) {
                r.next();
            }
            return null;
        });
    }

    /** The reading of one file: its elements applied to the builder, with warnings naming the file and line. */
    private static final class FileReading {
        final GlobalPrefs.Builder b;
        final String fileName;
        final String text;
        final XmlElementScanner scanner;
        final Set<GlobalPref> namedHere = EnumSet.noneOf(GlobalPref.class);

        FileReading(GlobalPrefs.Builder b, Path file, String text, XmlElementScanner scanner) {
            this.b = b;
            this.fileName = String.valueOf(file.getFileName());
            this.text = text;
            this.scanner = scanner;
        }

        void element(XmlElementScanner.Element e) {
            if (e.name().equals("day_prefs")) {
                day(e);
                return;
            }
            if (e.name().equals(HOST_VENUE)) {
                // Read before global_prefs.xml, to choose its venue.
                return;
            }
            if (e.name().contains(VENUE)) {
                warn(e, "<" + e.name() + "> ignored: BOINC reads venues in global_prefs.xml only");
                return;
            }
            Optional<GlobalPref> pref = GlobalPref.byXmlName(e.name());
            if (pref.isEmpty()) {
                warn(e, "unknown preference <" + e.name() + ">: ignored, as BOINC does");
                return;
            }
            GlobalPref p = pref.get();
            if (p.kind() == GlobalPref.Kind.TEXT) {
                b.texts.put(p, decode(e.content(text).strip()));
                namedHere.add(p);
                b.named.add(p);
                return;
            }
            double current = b.numbers.get(p);
            OptionalValue v = p.kind() == GlobalPref.Kind.FLAG ? flag(e, p, current) : number(e, p, current);
            if (v.value != null) {
                b.numbers.put(p, v.value);
                namedHere.add(p);
                b.named.add(p);
            }
        }

        /** One {@code <day_prefs>}: BOINC's {@code GLOBAL_PREFS::parse_day}. */
        void day(XmlElementScanner.Element dayPrefs) {
            Double dayOfWeek = null;
            Double[] hours = new Double[4];
            String[] names = {"start_hour", "end_hour", "net_start_hour", "net_end_hour"};
            for (XmlElementScanner.Element e : scanner.children(dayPrefs)) {
                if (e.name().equals("day_of_week")) {
                    dayOfWeek = wholeNumber(e, e.name()).orElse(null);
                    continue;
                }
                for (int i = 0; i < names.length; i++) {
                    if (e.name().equals(names[i])) {
                        hours[i] = number(e, GlobalPref.START_HOUR, "day_prefs " + names[i], 0).value;
                    }
                }
            }
            if (dayOfWeek == null || dayOfWeek < 0 || dayOfWeek > 6) {
                warn(dayPrefs, "day_prefs without a day_of_week from 0 (Sunday) to 6: ignored");
                return;
            }
            DayOfWeek day = dayOfWeek == 0 ? DayOfWeek.SUNDAY : DayOfWeek.of(dayOfWeek.intValue());
            if (hours[0] != null || hours[1] != null) {
                daySpan(dayPrefs, day, orZero(hours[0]), orZero(hours[1]), "", b.computeDays);
            }
            if (hours[2] != null || hours[3] != null) {
                daySpan(dayPrefs, day, orZero(hours[2]), orZero(hours[3]), "net_", b.transferDays);
            }
        }

        /**
         * A day's hours, as BOINC's {@code WEEK_PREFS::set} takes them: equal start and end hours set nothing for
         * that day (the general hours apply), where they would mean "at any time" in the general hours.
         */
        private void daySpan(XmlElementScanner.Element dayPrefs, DayOfWeek day, double start, double end,
                             String prefix, Map<DayOfWeek, HourSpan> days) {
            if (start == end) {
                warn(dayPrefs, "day_prefs for " + day.getDisplayName(TextStyle.FULL, Locale.ENGLISH) + ": " + prefix
                        + "start_hour and " + prefix + "end_hour are both " + PrefRange.plain(start)
                        + ": ignored, as BOINC does (" + (days.containsKey(day) ? "that day keeps the hours set before"
                        : "the general hours apply that day") + ")");
                return;
            }
            days.put(day, new HourSpan(start, end));
        }

        private OptionalValue flag(XmlElementScanner.Element e, GlobalPref p, double current) {
            if (e.selfClosing()) {
                return new OptionalValue(1.0);
            }
            String written = e.content(text).strip();
            if (written.matches("[+-]?\\d+")) {
                return new OptionalValue(Double.parseDouble(written) != 0 ? 1.0 : 0.0);
            }
            String shown = written.isEmpty() ? "is empty" : XmlValues.shown(written) + " is not 0 or 1";
            warn(e, p.xmlName() + " " + shown + ": ignored, keeping " + (current != 0 ? 1 : 0));
            return OptionalValue.NONE;
        }

        private OptionalValue number(XmlElementScanner.Element e, GlobalPref p, double current) {
            OptionalValue v = number(e, p, p.xmlName(), current);
            if (v.value != null && p.kind() == GlobalPref.Kind.WHOLE_NUMBER && !Double.isInfinite(v.value)
                    && v.value != Math.rint(v.value)) {
                warn(e, p.xmlName() + " " + XmlValues.shown(e.content(text)) + " is not a whole number: ignored, "
                        + "keeping " + p.range().kept(current));
                return OptionalValue.NONE;
            }
            return v;
        }

        /** A number checked against {@code rangeOf}'s range, named {@code name} in warnings. */
        private OptionalValue number(XmlElementScanner.Element e, GlobalPref rangeOf, String name, double current) {
            if (e.selfClosing()) {
                warn(e, "<" + e.name() + "/> has no value: ignored");
                return OptionalValue.NONE;
            }
            String written = e.content(text).strip();
            if (written.isEmpty()) {
                return empty(e, rangeOf, name, current);
            }
            Double parsed = parse(written);
            if (parsed == null) {
                warn(e, name + " " + XmlValues.shown(written) + " is not a number: ignored, keeping "
                        + rangeOf.range().kept(current));
                return OptionalValue.NONE;
            }
            PrefRange.Checked checked = rangeOf.range().check(name, XmlValues.shown(written), parsed, current,
                    rangeOf.defaultValue());
            if (checked.done() != null) {
                warn(e, checked.done());
            }
            return Double.isNaN(checked.value()) ? OptionalValue.NONE : new OptionalValue(checked.value());
        }

        /**
         * An element with nothing (or only spaces) between its tags: BOINC's parse_double reads it as 0 ("treat
         * <foo></foo> as <foo>0</foo>"), and so does this reader, but it says so, as it says of {@code <foo/>}, which
         * BOINC ignores: "<disk_max_used_gb></disk_max_used_gb> has no value: read as 0, as BOINC does (no limit)".
         * The 0 was checked as "" and said as "cpu_scheduling_period_minutes  is out of ...", or not said at all (QA).
         */
        private OptionalValue empty(XmlElementScanner.Element e, GlobalPref rangeOf, String name, double current) {
            PrefRange range = rangeOf.range();
            PrefRange.Checked checked = range.check(name, "0", 0, current, rangeOf.defaultValue());
            String read = "<" + e.name() + "></" + e.name() + "> has no value: read as 0, as BOINC does";
            if (checked.done() != null) {
                warn(e, read + "; " + checked.done().substring(name.length() + 1));
            } else {
                String says = range.zeroSays() != null ? range.zeroSays()
                        : checked.value() != 0 && !Double.isNaN(checked.value()) ? PrefRange.plain(checked.value())
                        + " in force"
                        : null;
                warn(e, read + (says == null ? "" : " (" + says + ")"));
            }
            return Double.isNaN(checked.value()) ? OptionalValue.NONE : new OptionalValue(checked.value());
        }

        private Optional<Double> wholeNumber(XmlElementScanner.Element e, String name) {
            String written = e.content(text).strip();
            if (written.matches("[+-]?\\d{1,9}")) {
                return Optional.of(Double.parseDouble(written));
            }
            warn(e, name + " " + XmlValues.shown(written) + " is not a whole number: ignored");
            return Optional.empty();
        }

        void note(XmlElementScanner.Element e, String what) {
            warn(e, what);
        }

        private void warn(XmlElementScanner.Element e, String what) {
            b.warnings.add(fileName + ":" + scanner.lineOf(e.start()) + ": " + what);
        }
    }

    /** A value to use, or none ({@link #NONE}) when the element is ignored. */
    private record OptionalValue(Double value) {
        static final OptionalValue NONE = new OptionalValue(null);
    }

    /** As C's strtod reads a whole element: decimals with an exponent, inf, infinity, nan; null for anything else. */
    private static Double parse(String s) {
        if (DECIMAL.matcher(s).matches()) {
            return Double.parseDouble(s);
        }
        Matcher inf = INFINITE.matcher(s);
        if (inf.matches()) {
            return inf.group(1).equals("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        return s.equalsIgnoreCase("nan") ? Double.NaN : null;
    }

    /** The {@code name} attribute of a {@code <venue>}'s start tag, "" if it has none. */
    private static String venueName(XmlElementScanner.Element venue, String text) {
        Matcher m = VENUE_NAME.matcher(text.substring(venue.start(), venue.contentStart()));
        return m.find() ? decode(m.group(2)) : "";
    }

    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }

    /** Element text with XML's predefined and numeric character references replaced. */
    private static String decode(String s) {
        Matcher m = ENTITY.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String ref = m.group(1);
            String c = switch (ref) {
                case "amp" -> "&";
                case "lt" -> "<";
                case "gt" -> ">";
                case "quot" -> "\"";
                case "apos" -> "'";
                default -> new String(Character.toChars(ref.startsWith("#x")
                        ? Integer.parseInt(ref.substring(2), 16) : Integer.parseInt(ref.substring(1))));
            };
            m.appendReplacement(out, Matcher.quoteReplacement(c));
        }
        m.appendTail(out);
        return out.toString();
    }
}
