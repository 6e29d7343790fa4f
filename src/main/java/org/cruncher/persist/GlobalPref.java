package org.cruncher.persist;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every preference of global_prefs.xml / global_prefs_override.xml that has one value (boinc-engine.md §5.2;
 * {@code lib/prefs.cpp}), with its element name, BOINC's desktop default and the values it may take. The weekly
 * {@code <day_prefs>} blocks are not single values and are read separately. Listed in the order of the summary.
 */
public enum GlobalPref {
    RUN_ON_BATTERIES(Kind.FLAG, 0),
    BATTERY_CHARGE_MIN_PCT(Kind.NUMBER, 90, Ranges.PERCENT),
    BATTERY_MAX_TEMPERATURE(Kind.NUMBER, 40, Ranges.PERCENT),
    RUN_IF_USER_ACTIVE(Kind.FLAG, 1),
    RUN_GPU_IF_USER_ACTIVE(Kind.FLAG, 0),
    IDLE_TIME_TO_RUN(Kind.NUMBER, 3, PrefRange.belowMeansDefault(0, Ranges.MINUTES_IN_A_YEAR)),
    SUSPEND_IF_NO_RECENT_INPUT(Kind.NUMBER, 0, PrefRange.belowMeansDefault(0, Ranges.MINUTES_IN_A_YEAR)),
    SUSPEND_CPU_USAGE(Kind.NUMBER, 25, Ranges.PERCENT),
    NIU_SUSPEND_CPU_USAGE(Kind.NUMBER, 50, Ranges.PERCENT),
    START_HOUR(Kind.NUMBER, 0, Ranges.HOUR),
    END_HOUR(Kind.NUMBER, 0, Ranges.HOUR),
    /** 0 means all CPUs, as in BOINC. */
    MAX_NCPUS_PCT(Kind.NUMBER, 0, Ranges.PERCENT.zeroSays("all CPUs")),
    NIU_MAX_NCPUS_PCT(Kind.NUMBER, 100, Ranges.PERCENT.zeroMeans(100)),
    /** Legacy: BOINC parses it and never uses it (boinc-engine.md §8.5); neither does Cruncher. */
    MAX_CPUS(Kind.WHOLE_NUMBER, 0, PrefRange.clamped(0, 1_000_000)),
    CPU_USAGE_LIMIT(Kind.NUMBER, 100, PrefRange.positiveOrKept(100)),
    NIU_CPU_USAGE_LIMIT(Kind.NUMBER, 100, Ranges.PERCENT.zeroMeans(100)),
    LEAVE_APPS_IN_MEMORY(Kind.FLAG, 0),
    CPU_SCHEDULING_PERIOD_MINUTES(Kind.NUMBER, 60, PrefRange.belowMeansDefault(0.0001, Ranges.MINUTES_IN_A_YEAR)),
    WORK_BUF_MIN_DAYS(Kind.NUMBER, 0.1, PrefRange.clamped(0, Ranges.MAX_BUFFER_DAYS)),
    WORK_BUF_ADDITIONAL_DAYS(Kind.NUMBER, 0.5, PrefRange.clamped(0, Ranges.MAX_BUFFER_DAYS)),
    /** 0 means no limit. */
    DISK_MAX_USED_GB(Kind.NUMBER, 0, Ranges.GIGABYTES.zeroSays("no limit")),
    DISK_MAX_USED_PCT(Kind.NUMBER, 90, Ranges.PERCENT.zeroSays("no limit")),
    DISK_MIN_FREE_GB(Kind.NUMBER, 0.1, Ranges.GIGABYTES),
    /** Seconds between checkpoints. */
    DISK_INTERVAL(Kind.NUMBER, 60, PrefRange.clamped(0, Ranges.MINUTES_IN_A_YEAR * 60)),
    RAM_MAX_USED_BUSY_PCT(Kind.NUMBER, 50, Ranges.PERCENT.zeroMeans(100)),
    RAM_MAX_USED_IDLE_PCT(Kind.NUMBER, 90, Ranges.PERCENT.zeroMeans(100)),
    /** Default 100: BOINC sets 75 and then 100 (boinc-engine.md §8.4). */
    VM_MAX_USED_PCT(Kind.NUMBER, 100, Ranges.PERCENT),
    NET_START_HOUR(Kind.NUMBER, 0, Ranges.HOUR),
    NET_END_HOUR(Kind.NUMBER, 0, Ranges.HOUR),
    /** Bytes per second; 0 means no limit. */
    MAX_BYTES_SEC_DOWN(Kind.NUMBER, 0, Ranges.BYTES_PER_SECOND.zeroSays("no limit")),
    MAX_BYTES_SEC_UP(Kind.NUMBER, 0, Ranges.BYTES_PER_SECOND.zeroSays("no limit")),
    /** 0 means no limit. */
    DAILY_XFER_LIMIT_MB(Kind.NUMBER, 0, PrefRange.belowIgnored(0, 1e9)),
    DAILY_XFER_PERIOD_DAYS(Kind.WHOLE_NUMBER, 0, PrefRange.belowIgnored(0, 36_500)),
    /** Android only. */
    NETWORK_WIFI_ONLY(Kind.FLAG, 0),
    CONFIRM_BEFORE_CONNECTING(Kind.FLAG, 1),
    HANGUP_IF_DIALED(Kind.FLAG, 0),
    DONT_VERIFY_IMAGES(Kind.FLAG, 0),
    HOST_SPECIFIC(Kind.FLAG, 0),
    /** The project whose web preferences these are (global_prefs.xml only). */
    SOURCE_PROJECT(Kind.TEXT, 0),
    SOURCE_SCHEDULER(Kind.TEXT, 0),
    /** When the web preferences were last edited, seconds since 1970. */
    MOD_TIME(Kind.NUMBER, 0, PrefRange.clamped(0, 1e11));

    /** How the value is written. */
    public enum Kind {
        /** {@code <x/>} or {@code <x>1</x>} is true, {@code <x>0</x>} false. */
        FLAG,
        NUMBER,
        WHOLE_NUMBER,
        TEXT
    }

    /** Ranges shared by several preferences. */
    private static final class Ranges {
        static final PrefRange PERCENT = PrefRange.clamped(0, 100);
        static final PrefRange HOUR = PrefRange.clamped(0, 24);
        static final double MINUTES_IN_A_YEAR = 525_600;
        static final double MAX_BUFFER_DAYS = 1000;
        /** An exabyte: beyond any disk. */
        static final PrefRange GIGABYTES = PrefRange.clamped(0, 1e9);
        /** A terabyte per second: beyond any link. */
        static final PrefRange BYTES_PER_SECOND = PrefRange.clamped(0, 1e12);
    }

    private static final Map<String, GlobalPref> BY_XML_NAME =
            Arrays.stream(values()).collect(Collectors.toMap(GlobalPref::xmlName, Function.identity()));

    private final Kind kind;
    private final double defaultValue;
    private final PrefRange range;

    GlobalPref(Kind kind, double defaultValue) {
        this(kind, defaultValue, null);
    }

    GlobalPref(Kind kind, double defaultValue, PrefRange range) {
        this.kind = kind;
        this.defaultValue = defaultValue;
        this.range = range;
    }

    /** The element name, e.g. {@code max_ncpus_pct}. */
    public String xmlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public Kind kind() {
        return kind;
    }

    /** BOINC's default on a desktop (flags: 1 true, 0 false; text: none). */
    public double defaultValue() {
        return defaultValue;
    }

    /** The in-use preference a not-in-use one copies when a file does not name it; empty for the others. */
    public Optional<GlobalPref> inUseCounterpart() {
        return switch (this) {
            case NIU_SUSPEND_CPU_USAGE -> Optional.of(SUSPEND_CPU_USAGE);
            case NIU_MAX_NCPUS_PCT -> Optional.of(MAX_NCPUS_PCT);
            case NIU_CPU_USAGE_LIMIT -> Optional.of(CPU_USAGE_LIMIT);
            default -> Optional.empty();
        };
    }

    /** The preference written {@code <xmlName>}, if there is one. */
    public static Optional<GlobalPref> byXmlName(String xmlName) {
        return Optional.ofNullable(BY_XML_NAME.get(xmlName));
    }

    /** The range of a NUMBER or WHOLE_NUMBER preference. */
    PrefRange range() {
        return range;
    }
}
