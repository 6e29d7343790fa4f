package org.cruncher.engine.rpc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A project's master URL file: an HTML page listing its scheduler URLs as {@code <scheduler>URL</scheduler>}
 * elements or {@code <link rel="boinc_scheduler" href="URL">} tags (BOINC reads both).
 */
public final class MasterPage {

    private static final Pattern SCHEDULER = Pattern.compile("<scheduler>\\s*([^<\\s]+)\\s*</scheduler>",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern LINK = Pattern.compile("<link\\b[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern REL = Pattern.compile("rel\\s*=\\s*[\"']?boinc_scheduler[\"']?",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern HREF = Pattern.compile("href\\s*=\\s*[\"']([^\"']+)[\"']",
            Pattern.CASE_INSENSITIVE);

    private MasterPage() {
    }

    /** The scheduler URLs the page lists, in page order, without repeats. */
    public static List<String> schedulerUrls(String html) {
        List<String> urls = new ArrayList<>();
        Matcher m = SCHEDULER.matcher(html);
        while (m.find()) {
            add(urls, m.group(1));
        }
        Matcher links = LINK.matcher(html);
        while (links.find()) {
            String tag = links.group();
            Matcher href = HREF.matcher(tag);
            if (REL.matcher(tag).find() && href.find()) {
                add(urls, href.group(1));
            }
        }
        return urls;
    }

    /** A master page listing {@code urls}, as serve-project and the emulator's servers give it. */
    public static String of(String projectName, List<String> urls) {
        StringBuilder sb = new StringBuilder("<html><head><title>").append(escape(projectName))
                .append("</title>\n");
        for (String u : urls) {
            sb.append("<link rel=\"boinc_scheduler\" href=\"").append(escape(u)).append("\">\n");
        }
        sb.append("</head><body>\n");
        for (String u : urls) {
            sb.append("<!-- <scheduler>").append(escape(u)).append("</scheduler> -->\n");
        }
        return sb.append("</body></html>\n").toString();
    }

    private static void add(List<String> urls, String raw) {
        String u = raw.strip().replace("&amp;", "&");
        if (!u.isEmpty() && !urls.contains(u)) {
            urls.add(u);
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace("\"", "&quot;");
    }
}
