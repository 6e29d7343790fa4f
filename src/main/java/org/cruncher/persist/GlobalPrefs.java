package org.cruncher.persist;

import java.time.DayOfWeek;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.cruncher.engine.model.Prefs;

/**
 * All the global preferences in force, as read from global_prefs.xml and global_prefs_override.xml
 * ({@link GlobalPrefsReader}): every {@link GlobalPref}, the weekly {@code <day_prefs>} windows, and the warnings
 * about values that were out of range and what was used instead. The engine takes only its part
 * ({@link #enginePrefs()}); the rest is shown ({@link #inWords()}).
 */
public final class GlobalPrefs {

    private final Map<GlobalPref, Double> numbers;
    private final Map<GlobalPref, String> texts;
    private final Set<GlobalPref> named;
    private final Map<DayOfWeek, HourSpan> computeDays;
    private final Map<DayOfWeek, HourSpan> transferDays;
    private final List<String> warnings;

    private GlobalPrefs(Builder b) {
        numbers = Collections.unmodifiableMap(new EnumMap<>(b.numbers));
        texts = Collections.unmodifiableMap(new EnumMap<>(b.texts));
        named = Collections.unmodifiableSet(b.named.isEmpty() ? EnumSet.noneOf(GlobalPref.class)
                : EnumSet.copyOf(b.named));
        computeDays = Collections.unmodifiableMap(new EnumMap<>(b.computeDays));
        transferDays = Collections.unmodifiableMap(new EnumMap<>(b.transferDays));
        warnings = List.copyOf(b.warnings);
    }

    /** BOINC's defaults, as when neither file exists. */
    public static GlobalPrefs defaults() {
        return new Builder().build();
    }

    /** BOINC's defaults with the engine's preferences set to {@code prefs}. */
    public static GlobalPrefs defaultsWith(Prefs prefs) {
        Builder b = new Builder();
        b.numbers.put(GlobalPref.CPU_SCHEDULING_PERIOD_MINUTES, prefs.cpuSchedulingPeriodMinutes());
        b.numbers.put(GlobalPref.WORK_BUF_MIN_DAYS, prefs.workBufMinDays());
        b.numbers.put(GlobalPref.WORK_BUF_ADDITIONAL_DAYS, prefs.workBufAdditionalDays());
        b.numbers.put(GlobalPref.MAX_NCPUS_PCT, prefs.maxNcpusPct());
        b.numbers.put(GlobalPref.CPU_USAGE_LIMIT, prefs.cpuUsageLimit());
        b.numbers.put(GlobalPref.DISK_MAX_USED_GB, prefs.diskMaxUsedGb());
        b.numbers.put(GlobalPref.DISK_MAX_USED_PCT, prefs.diskMaxUsedPct());
        b.numbers.put(GlobalPref.DISK_MIN_FREE_GB, prefs.diskMinFreeGb());
        // As when a file does not name them: the not-in-use limits are the in-use ones (BOINC 7.20).
        for (GlobalPref p : GlobalPref.values()) {
            p.inUseCounterpart().ifPresent(inUse -> b.numbers.put(p, b.numbers.get(inUse)));
        }
        return b.build();
    }

    /** The value of a NUMBER or WHOLE_NUMBER preference (a FLAG gives 1 or 0). */
    public double number(GlobalPref pref) {
        if (pref.kind() == GlobalPref.Kind.TEXT) {
            throw new IllegalArgumentException(pref.xmlName() + " is text, not a number");
        }
        return numbers.get(pref);
    }

    public boolean flag(GlobalPref pref) {
        if (pref.kind() != GlobalPref.Kind.FLAG) {
            throw new IllegalArgumentException(pref.xmlName() + " is not a flag");
        }
        return numbers.get(pref) != 0;
    }

    /** The value of a TEXT preference; "" if no file named it. */
    public String text(GlobalPref pref) {
        if (pref.kind() != GlobalPref.Kind.TEXT) {
            throw new IllegalArgumentException(pref.xmlName() + " is not text");
        }
        return texts.getOrDefault(pref, "");
    }

    /** Whether a file that was read named {@code pref} with a usable value. */
    public boolean isNamed(GlobalPref pref) {
        return named.contains(pref);
    }

    /** When to compute on days without their own window. */
    public HourSpan computeHours() {
        return new HourSpan(number(GlobalPref.START_HOUR), number(GlobalPref.END_HOUR));
    }

    /** When to transfer files on days without their own window. */
    public HourSpan transferHours() {
        return new HourSpan(number(GlobalPref.NET_START_HOUR), number(GlobalPref.NET_END_HOUR));
    }

    /** The days with their own computing window ({@code <day_prefs>} with start_hour/end_hour). */
    public Map<DayOfWeek, HourSpan> computeDays() {
        return computeDays;
    }

    /** The days with their own transfer window ({@code <day_prefs>} with net_start_hour/net_end_hour). */
    public Map<DayOfWeek, HourSpan> transferDays() {
        return transferDays;
    }

    /** One line per value that was not used as written: "FILE:LINE: preference value problem: what was done". */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * The preferences that restrict when or how much the host computes or transfers and that Cruncher does not
     * emulate as such, in words, where they restrict anything: the computing and transfer hours, the CPU time limit,
     * the transfer rate limits. The host's measured fractions (time_stats' on, active and connected fractions) stand
     * for when it computes and is online, as in BOINC's own emulator.
     */
    public List<String> notEmulated() {
        Set<String> restricting = new HashSet<>();
        if (!computeHours().isAlways() || !computeDays.isEmpty()) {
            restricting.add("start_hour/end_hour");
        }
        double limit = number(GlobalPref.CPU_USAGE_LIMIT);
        if (limit > 0 && limit < 100) {
            restricting.add(GlobalPref.CPU_USAGE_LIMIT.xmlName());
        }
        // The limits for a computer not in use (BOINC 7.20) differ from those for one in use; Cruncher applies the
        // latter throughout.
        notInUseLimitsApart().forEach(niu -> restricting.add(niu.xmlName()));
        if (!transferHours().isAlways() || !transferDays.isEmpty()) {
            restricting.add("net_start_hour/net_end_hour");
        }
        for (GlobalPref rate : List.of(GlobalPref.MAX_BYTES_SEC_DOWN, GlobalPref.MAX_BYTES_SEC_UP)) {
            if (number(rate) > 0) {
                restricting.add(rate.xmlName());
            }
        }
        if (number(GlobalPref.DAILY_XFER_LIMIT_MB) > 0) {
            restricting.add("daily_xfer_limit_mb/daily_xfer_period_days");
        }
        List<String> words = new ArrayList<>();
        for (PrefInWords line : inWords()) {
            boolean dayWindow = line.name().startsWith("day_prefs ")
                    && (restricting.contains("start_hour/end_hour")
                    || restricting.contains("net_start_hour/net_end_hour"));
            if (restricting.contains(line.name()) || dayWindow) {
                // "compute only between ...", but a day's name keeps its capital ("Sundays: ...").
                boolean day = line.name().startsWith("day_prefs ");
                restrictionsOnly(line.words(), computeHours().isAlways(), transferHours().isAlways())
                        .ifPresent(w -> words.add(day ? w : Character.toLowerCase(w.charAt(0)) + w.substring(1)));
            }
        }
        return words;
    }

    /** Whether the files set limits for a computer not in use other than those for one in use. */
    public boolean notInUseLimitsDiffer() {
        return !notInUseLimitsApart().isEmpty();
    }

    /** The limits for a computer not in use that differ from their in-use counterparts. */
    private List<GlobalPref> notInUseLimitsApart() {
        return Stream.of(GlobalPref.NIU_MAX_NCPUS_PCT, GlobalPref.NIU_CPU_USAGE_LIMIT)
                .filter(niu -> percentInForce(niu) != percentInForce(niu.inUseCounterpart().orElseThrow())).toList();
    }

    /** A percentage of the CPUs or of CPU time, where 0 means no limit (BOINC's Manager shows it as 100). */
    private double percentInForce(GlobalPref pref) {
        double v = number(pref);
        return v <= 0 ? 100 : v;
    }

    /**
     * {@code words} without the parts that change nothing: "compute at any time" where computing is allowed at any
     * time anyway ({@code computeAlways}), and so for transfers. "Sundays: compute at any time; transfer files only
     * between 00:00 and 06:00" is then "Sundays: transfer files only between 00:00 and 06:00" (a WCG override's
     * windows, open all day but for Sunday's transfers, were all listed as what Cruncher does not emulate); but a
     * Sunday open all day beside weekdays from 08:00 to 17:00 is said. Empty if nothing is left.
     */
    private static Optional<String> restrictionsOnly(String words, boolean computeAlways, boolean transferAlways) {
        int colon = words.indexOf(": ");
        String day = colon >= 0 && !words.substring(0, colon).contains(" ") ? words.substring(0, colon + 2) : "";
        List<String> parts = new ArrayList<>();
        for (String part : words.substring(day.length()).split("; ")) {
            boolean changesNothing;
            if (!part.endsWith("at any time")) {
                changesNothing = false;
            } else if (day.isEmpty()) {
                changesNothing = true;
            } else {
                changesNothing = part.toLowerCase(Locale.ROOT).startsWith("transfer") ? transferAlways
                        : computeAlways;
            }
            if (!changesNothing) {
                parts.add(part);
            }
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(day + String.join("; ", parts));
    }

    /** The preferences the engine acts on. */
    public Prefs enginePrefs() {
        return new Prefs(number(GlobalPref.CPU_SCHEDULING_PERIOD_MINUTES), number(GlobalPref.WORK_BUF_MIN_DAYS),
                number(GlobalPref.WORK_BUF_ADDITIONAL_DAYS), number(GlobalPref.MAX_NCPUS_PCT),
                number(GlobalPref.CPU_USAGE_LIMIT), number(GlobalPref.DISK_MAX_USED_GB),
                number(GlobalPref.DISK_MAX_USED_PCT), number(GlobalPref.DISK_MIN_FREE_GB));
    }

    /** The preferences in force in words, in {@link GlobalPref}'s order, day windows after the computing hours. */
    public List<PrefInWords> inWords() {
        return GlobalPrefsInWords.of(this);
    }

    Builder toBuilder() {
        Builder b = new Builder();
        b.numbers.putAll(numbers);
        b.texts.putAll(texts);
        b.named.addAll(named);
        b.computeDays.putAll(computeDays);
        b.transferDays.putAll(transferDays);
        b.warnings.addAll(warnings);
        return b;
    }

    /** The mutable state while files are read, starting from BOINC's defaults. */
    static final class Builder {
        final Map<GlobalPref, Double> numbers = new EnumMap<>(GlobalPref.class);
        final Map<GlobalPref, String> texts = new EnumMap<>(GlobalPref.class);
        final Set<GlobalPref> named = EnumSet.noneOf(GlobalPref.class);
        final Map<DayOfWeek, HourSpan> computeDays = new EnumMap<>(DayOfWeek.class);
        final Map<DayOfWeek, HourSpan> transferDays = new EnumMap<>(DayOfWeek.class);
        final List<String> warnings = new ArrayList<>();

        Builder() {
            for (GlobalPref p : GlobalPref.values()) {
                if (p.kind() != GlobalPref.Kind.TEXT) {
                    numbers.put(p, p.defaultValue());
                }
            }
        }

        GlobalPrefs build() {
            return new GlobalPrefs(this);
        }
    }
}
