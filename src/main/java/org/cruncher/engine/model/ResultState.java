package org.cruncher.engine.model;

/** A result's life cycle, with BOINC's numeric codes (result.h). */
public enum ResultState {
    NEW(0),
    FILES_DOWNLOADING(1),
    FILES_DOWNLOADED(2),
    COMPUTE_ERROR(3),
    FILES_UPLOADING(4),
    FILES_UPLOADED(5),
    ABORTED(6),
    UPLOAD_FAILED(7);

    private final int code;

    ResultState(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    public static ResultState fromCode(int code) {
        for (ResultState s : values()) {
            if (s.code == code) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown result state " + code);
    }
}
