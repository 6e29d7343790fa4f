package org.cruncher.persist;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The global preferences in force as lines a person reads, worded after the BOINC Manager's preferences dialog
 * ("Store at least 0.1 days of work", "Use at most 50 % of the CPUs", "Compute only between 00:01 and 14:35").
 * Legacy and bookkeeping entries (max_cpus, source_project, mod_time, host_specific) appear only when a file set them.
 */
final class GlobalPrefsInWords {

    private static final DateTimeFormatter UTC_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** Shown together with the entry before them. */
    private static final Set<GlobalPref> WORDED_WITH_PREVIOUS = EnumSet.of(GlobalPref.END_HOUR,
            GlobalPref.NET_END_HOUR, GlobalPref.DAILY_XFER_PERIOD_DAYS);

    private final GlobalPrefs prefs;
    private final List<PrefInWords> lines = new ArrayList<>();

    private GlobalPrefsInWords(GlobalPrefs prefs) {
        this.prefs = prefs;
    }

    static List<PrefInWords> of(GlobalPrefs prefs) {
        GlobalPrefsInWords words = new GlobalPrefsInWords(prefs);
        for (GlobalPref p : GlobalPref.values()) {
            if (!WORDED_WITH_PREVIOUS.contains(p)) {
                words.add(p);
            }
        }
        return List.copyOf(words.lines);
    }

    private void add(GlobalPref p) {
        String name = p.xmlName();
        switch (p) {
            case RUN_ON_BATTERIES -> line(name, (on(p) ? "Compute" : "Suspend") + " while on batteries");
            case BATTERY_CHARGE_MIN_PCT -> line(name, "Suspend when the battery is below " + n(p) + " %");
            case BATTERY_MAX_TEMPERATURE -> line(name, "Suspend when the battery is above " + n(p) + " °C");
            case RUN_IF_USER_ACTIVE -> line(name, (on(p) ? "Compute" : "Suspend") + " while the computer is in use");
            case RUN_GPU_IF_USER_ACTIVE -> line(name,
                    (on(p) ? "Use" : "Suspend") + " the GPU while the computer is in use");
            case IDLE_TIME_TO_RUN -> line(name, "'In use' means input within the last " + count(p, "minute"));
            case SUSPEND_IF_NO_RECENT_INPUT -> line(name, zero(p) ? "Never suspend for lack of input"
                    : "Suspend when there has been no input for " + count(p, "minute"));
            case SUSPEND_CPU_USAGE -> line(name, cpuUsage(p));
            case NIU_SUSPEND_CPU_USAGE -> line(name, "When not in use: " + lower(cpuUsage(p)));
            case START_HOUR -> {
                line("start_hour/end_hour", "Compute " + prefs.computeHours().words());
                days();
            }
            case MAX_NCPUS_PCT -> line(name, allCpus(p) ? "Use all the CPUs"
                    : "Use at most " + n(p) + " % of the CPUs");
            case NIU_MAX_NCPUS_PCT -> line(name, allCpus(p) ? "When not in use: use all the CPUs"
                    : "When not in use: use at most " + n(p) + " % of the CPUs");
            case MAX_CPUS -> {
                if (prefs.isNamed(p)) {
                    line(name, "max_cpus " + n(p) + " is a legacy preference: ignored, as BOINC does");
                }
            }
            case CPU_USAGE_LIMIT -> line(name, "Use at most " + n(p) + " % of CPU time");
            case NIU_CPU_USAGE_LIMIT -> line(name, "When not in use: use at most " + n(p) + " % of CPU time");
            case LEAVE_APPS_IN_MEMORY -> line(name, on(p) ? "Leave suspended tasks in memory"
                    : "Remove suspended tasks from memory");
            case CPU_SCHEDULING_PERIOD_MINUTES -> line(name, "Switch between tasks every " + count(p, "minute"));
            case WORK_BUF_MIN_DAYS -> line(name, "Store at least " + count(p, "day") + " of work");
            case WORK_BUF_ADDITIONAL_DAYS -> line(name, "Store up to an additional " + count(p, "day") + " of work");
            case DISK_MAX_USED_GB -> line(name, zero(p) ? "No limit in GB on the disk space used"
                    : "Use no more than " + n(p) + " GB of disk");
            case DISK_MAX_USED_PCT -> line(name, zero(p) ? "No limit in % on the disk space used"
                    : "Use no more than " + n(p) + " % of the disk");
            case DISK_MIN_FREE_GB -> line(name, "Leave at least " + n(p) + " GB of disk free");
            case DISK_INTERVAL -> line(name, "Request tasks to checkpoint at most every " + count(p, "second"));
            case RAM_MAX_USED_BUSY_PCT -> line(name,
                    "Use at most " + n(p) + " % of memory while the computer is in use");
            case RAM_MAX_USED_IDLE_PCT -> line(name,
                    "Use at most " + n(p) + " % of memory while the computer is not in use");
            case VM_MAX_USED_PCT -> line(name, "Use at most " + n(p) + " % of the page file (swap space)");
            case NET_START_HOUR -> line("net_start_hour/net_end_hour", "Transfer files "
                    + prefs.transferHours().words());
            case MAX_BYTES_SEC_DOWN -> line(name, rate("download", p));
            case MAX_BYTES_SEC_UP -> line(name, rate("upload", p));
            case DAILY_XFER_LIMIT_MB -> line("daily_xfer_limit_mb/daily_xfer_period_days", transferLimit());
            case NETWORK_WIFI_ONLY -> line(name, on(p) ? "On Android, transfer files only over Wi-Fi"
                    : "On Android, transfer files over any network");
            case CONFIRM_BEFORE_CONNECTING -> line(name, on(p) ? "Confirm before connecting to the Internet"
                    : "Connect to the Internet without asking");
            case HANGUP_IF_DIALED -> line(name, on(p) ? "Disconnect when done" : "Stay connected when done");
            case DONT_VERIFY_IMAGES -> line(name, on(p) ? "Skip the check of image files" : "Check image files");
            case HOST_SPECIFIC -> {
                if (on(p)) {
                    line(name, "These preferences are for this computer only");
                }
            }
            case SOURCE_PROJECT -> text(p, "Web preferences from ");
            case SOURCE_SCHEDULER -> text(p, "Web preferences sent by the scheduler ");
            case MOD_TIME -> {
                if (!zero(p)) {
                    line(name, "Web preferences last edited "
                            + UTC_TIME.format(Instant.ofEpochSecond((long) prefs.number(p))));
                }
            }
            default -> throw new IllegalStateException(name + " is worded with the preference before it");
        }
    }

    /** One line per day with its own windows: "Sundays: compute at any time; transfer files only between ...". */
    private void days() {
        for (DayOfWeek day : DayOfWeek.values()) {
            HourSpan compute = prefs.computeDays().get(day);
            HourSpan transfer = prefs.transferDays().get(day);
            if (compute == null && transfer == null) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            if (compute != null) {
                parts.add("compute " + compute.words());
            }
            if (transfer != null) {
                parts.add("transfer files " + transfer.words());
            }
            String dayName = day.getDisplayName(TextStyle.FULL, Locale.ENGLISH);
            line("day_prefs " + dayName, dayName + "s: " + String.join("; ", parts));
        }
    }

    private String cpuUsage(GlobalPref p) {
        return zero(p) ? "Never suspend because of other programs' CPU use"
                : "Suspend when non-BOINC CPU usage is above " + n(p) + " %";
    }

    private String rate(String direction, GlobalPref p) {
        return zero(p) ? "No " + direction + " rate limit"
                : "Limit the " + direction + " rate to " + PrefRange.plain(prefs.number(p) / 1000) + " kB/s";
    }

    private String transferLimit() {
        double mb = prefs.number(GlobalPref.DAILY_XFER_LIMIT_MB);
        double days = prefs.number(GlobalPref.DAILY_XFER_PERIOD_DAYS);
        return mb == 0 || days == 0 ? "No limit on the amount transferred"
                : "Transfer at most " + PrefRange.plain(mb) + " MB every "
                        + (days == 1 ? "day" : PrefRange.plain(days) + " days");
    }

    /** Whether a CPU percentage leaves every CPU: 100 % or more, or 0 (which BOINC reads as no limit). */
    private boolean allCpus(GlobalPref p) {
        return zero(p) || prefs.number(p) >= 100;
    }

    /** "1 day", "0.5 days", "2 days": the value with its unit. */
    private String count(GlobalPref p, String unit) {
        return n(p) + " " + unit + (prefs.number(p) == 1 ? "" : "s");
    }

    private void text(GlobalPref p, String words) {
        String value = prefs.text(p);
        if (!value.isEmpty()) {
            line(p.xmlName(), words + value);
        }
    }

    private void line(String name, String words) {
        lines.add(new PrefInWords(name, words));
    }

    private boolean on(GlobalPref p) {
        return prefs.flag(p);
    }

    private boolean zero(GlobalPref p) {
        return prefs.number(p) == 0;
    }

    private String n(GlobalPref p) {
        return PrefRange.plain(prefs.number(p));
    }

    private static String lower(String s) {
        return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
