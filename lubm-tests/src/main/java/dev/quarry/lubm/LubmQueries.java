package dev.quarry.lubm;

import java.util.ArrayList;
import java.util.List;

/**
 * The LUBM queries over University0 in their three forms, and the updates the suite runs: the
 * subOrganizationOf closure step and the ten entailment inserts of the physical form. One source
 * for the HTTP suite and the embedded one.
 */
public final class LubmQueries {
  public static final String UB = "http://www.lehigh.edu/~zhp2/2004/0401/univ-bench.owl#";

  /**
   * The queries name graphs {@code <lubm>} and {@code <inf>}; relative IRIs resolve against the
   * query's base, so every query and update states this one, and the data is loaded under the
   * resolved names ({@link #LUBM_GRAPH}, {@link #INF_GRAPH}).
   */
  static final String BASE = "http://quarry.dev/lubm-test/";

  public static final String LUBM_GRAPH = BASE + "lubm";
  public static final String INF_GRAPH = BASE + "inf";
  static final String PREFIX = "BASE <" + BASE + ">\nPREFIX ub: <" + UB + ">\n";
  static final String DEPT0 = "<http://www.Department0.University0.edu>";
  static final String UNIV0 = "<http://www.University0.edu>";
  static final String GRAD_COURSE0 = "<http://www.Department0.University0.edu/GraduateCourse0>";
  static final String ASST_PROF0 = "<http://www.Department0.University0.edu/AssistantProfessor0>";
  static final String ASSOC_PROF0 = "<http://www.Department0.University0.edu/AssociateProfessor0>";

  /** The three forms of each query. */
  public enum Form {
    /** Inference written out as UNIONs. */
    OPEN_CODED,
    /** Asks for query-time RDFS inference from the {@code <inf>} rule set. */
    INFERENCE,
    /** The inference form's text without inference, over the materialised entailments. */
    PHYSICAL
  }

  /** Expected rows of Q1..Q14, the same in every form. */
  public static final int[] EXPECTED_ROWS = {
    4, 0, 6, 34, 719, 7790, 67, 7790, 208, 4, 224, 15, 1, 5916
  };

  private static final String[] STUDENTS = {
    "UndergraduateStudent", "ResearchAssistant", "GraduateStudent"
  };
  private static final String[] PERSON_TYPES = {
    "AssociateProfessor", "FullProfessor", "AssistantProfessor", "Lecturer",
    "UndergraduateStudent", "GraduateStudent", "TeachingAssistant", "ResearchAssistant"
  };
  private static final String[] MEMBERSHIP = {"memberOf", "worksFor", "headOf"};
  private static final String[] COURSES = {"Course", "GraduateCourse"};
  private static final String[] FACULTY = {
    "Lecturer",
    "PostDoc",
    "VisitingProfessor",
    "AssistantProfessor",
    "AssociateProfessor",
    "FullProfessor"
  };
  private static final String[] DEGREES = {
    "doctoralDegreeFrom", "mastersDegreeFrom", "undergraduateDegreeFrom"
  };

  private LubmQueries() {}

  /** Query {@code q} (1..14) in {@code form}, reading graph {@code <lubm>}. */
  public static String query(int q, Form form) {
    boolean open = form == Form.OPEN_CODED;
    String body =
        switch (q) {
          case 1 ->
              "SELECT * WHERE { ?x a ub:GraduateStudent . ?x ub:takesCourse " + GRAD_COURSE0 + " }";
          case 2 ->
              "SELECT * WHERE { ?x a ub:GraduateStudent . ?y a ub:University . ?z a ub:Department ."
                  + " ?x ub:memberOf ?z . ?z ub:subOrganizationOf ?y . ?x ub:undergraduateDegreeFrom ?y }";
          case 3 ->
              "SELECT * WHERE { ?x a ub:Publication . ?x ub:publicationAuthor " + ASST_PROF0 + " }";
          case 4 ->
              (open
                      ? "SELECT * WHERE { "
                          + union(
                              "?x a ub:%s",
                              "AssociateProfessor", "AssistantProfessor", "FullProfessor")
                      : "SELECT DISTINCT * WHERE { ?x a ub:Professor .")
                  + " ?x ub:worksFor "
                  + DEPT0
                  + " . ?x ub:name ?y1 . ?x ub:emailAddress ?y2 . ?x ub:telephone ?y3 }";
          case 5 ->
              open
                  ? "SELECT DISTINCT ?x WHERE { "
                      + union2("?x a ub:%s . ?x ub:%s " + DEPT0, PERSON_TYPES, MEMBERSHIP)
                      + " }"
                  : "SELECT DISTINCT * WHERE { ?x a ub:Person . ?x ub:memberOf " + DEPT0 + " }";
          case 6 ->
              open
                  ? "SELECT DISTINCT ?x WHERE { " + union("?x a ub:%s", STUDENTS) + " }"
                  : "SELECT DISTINCT * WHERE { ?x a ub:Student }";
          case 7 ->
              open
                  ? "SELECT DISTINCT ?x ?y WHERE { "
                      + union2(
                          "?x a ub:%s . ?y a ub:%s . "
                              + ASSOC_PROF0
                              + " ub:teacherOf ?y . ?x ub:takesCourse ?y",
                          STUDENTS,
                          COURSES)
                      + " }"
                  : "SELECT DISTINCT * WHERE { ?x a ub:Student . ?y a ub:Course . "
                      + ASSOC_PROF0
                      + " ub:teacherOf ?y . ?x ub:takesCourse ?y }";
          case 8 ->
              open
                  ? "SELECT DISTINCT ?x ?y ?z WHERE { "
                      + union2(
                          "?x a ub:%s . ?y a ub:Department . ?x ub:%s ?y . ?y ub:subOrganizationOf "
                              + UNIV0
                              + " . ?x ub:emailAddress ?z",
                          STUDENTS,
                          MEMBERSHIP)
                      + " }"
                  : "SELECT DISTINCT * WHERE { ?x a ub:Student . ?y a ub:Department . ?x ub:memberOf ?y ."
                      + " ?y ub:subOrganizationOf "
                      + UNIV0
                      + " . ?x ub:emailAddress ?z }";
          case 9 ->
              open
                  ? "SELECT DISTINCT ?x ?y ?z WHERE { " + union9() + " }"
                  : "SELECT DISTINCT * WHERE { ?x a ub:Student . ?y a ub:Faculty . ?z a ub:Course ."
                      + " ?x ub:advisor ?y . ?x ub:takesCourse ?z . ?y ub:teacherOf ?z }";
          case 10 ->
              open
                  ? "SELECT * WHERE { "
                      + union(
                          "?x a ub:%s",
                          "ResearchAssistant", "UndergraduateStudent", "GraduateStudent")
                      + " ?x ub:takesCourse "
                      + GRAD_COURSE0
                      + " }"
                  : "SELECT * WHERE { ?x a ub:Student . ?x ub:takesCourse " + GRAD_COURSE0 + " }";
          case 11 ->
              "SELECT * WHERE { ?x a ub:ResearchGroup . ?x ub:subOrganizationOf " + UNIV0 + " }";
          case 12 ->
              (open
                      ? "SELECT * WHERE { "
                          + union(
                              "?x a ub:%s",
                              "FullProfessor", "AssistantProfessor", "AssociateProfessor")
                      : "SELECT * WHERE { ?x a ub:Professor .")
                  + " ?y a ub:Department . ?x ub:headOf ?y . ?y ub:subOrganizationOf "
                  + UNIV0
                  + " }";
          case 13 ->
              open
                  ? "SELECT * WHERE { "
                      + union2("?x a ub:%s . ?x ub:%s " + UNIV0, PERSON_TYPES, DEGREES)
                      + " }"
                  : "SELECT * WHERE { ?x a ub:Person . ?x ub:degreeFrom " + UNIV0 + " }";
          case 14 -> "SELECT * WHERE { ?x a ub:UndergraduateStudent }";
          default -> throw new IllegalArgumentException("LUBM has queries 1 to 14, not " + q);
        };
    // FROM <lubm> goes between the projection and WHERE.
    int where = body.indexOf(" WHERE ");
    return PREFIX + body.substring(0, where) + " FROM <lubm>" + body.substring(where);
  }

  private static String union(String pattern, String... values) {
    List<String> branches = new ArrayList<>();
    for (String v : values) {
      branches.add("{ " + String.format(pattern, v) + " }");
    }
    return String.join(" UNION ", branches);
  }

  private static String union2(String pattern, String[] first, String[] second) {
    List<String> branches = new ArrayList<>();
    for (String a : first) {
      for (String b : second) {
        branches.add("{ " + String.format(pattern, a, b) + " }");
      }
    }
    return String.join(" UNION ", branches);
  }

  private static String union9() {
    List<String> branches = new ArrayList<>();
    for (String s : STUDENTS) {
      for (String f : FACULTY) {
        for (String c : COURSES) {
          branches.add(
              "{ ?x a ub:"
                  + s
                  + " . ?y a ub:"
                  + f
                  + " . ?z a ub:"
                  + c
                  + " . ?x ub:advisor ?y . ?x ub:takesCourse ?z . ?y ub:teacherOf ?z }");
        }
      }
    }
    return String.join(" UNION ", branches);
  }

  /** Counts the triples of a graph. */
  public static String countGraph(String graph) {
    return PREFIX + "SELECT (COUNT(*) AS ?n) FROM <" + graph + "> WHERE { ?x ?y ?z }";
  }

  /** One step of subOrganizationOf closure (adds 224 triples; Q11 depends on it). */
  public static final String CLOSURE_STEP =
      PREFIX
          + "INSERT { GRAPH <lubm> { ?x ub:subOrganizationOf ?z } } WHERE { GRAPH <lubm> {"
          + " ?x ub:subOrganizationOf ?y . ?y ub:subOrganizationOf ?z } }";

  /** The ten entailment inserts of the physical form, in order. */
  public static List<String> entailmentInserts() {
    return List.of(
        typeInsert(
            "Professor",
            "AssistantProfessor",
            "AssociateProfessor",
            "FullProfessor",
            "VisitingProfessor"),
        typeInsert("Faculty", "Professor", "PostDoc", "Lecturer"),
        typeInsert("Student", "UndergraduateStudent", "GraduateStudent", "ResearchAssistant"),
        typeInsert("AdministrativeStaff", "ClericalStaff", "SystemsStaff"),
        typeInsert("Employee", "Faculty", "AdministrativeStaff"),
        typeInsert(
            "Person", "Chair", "Dean", "Director", "Employee", "Student", "TeachingAssistant"),
        typeInsert("Course", "GraduateCourse"),
        propertyInsert("worksFor", "headOf"),
        propertyInsert("memberOf", "worksFor"),
        propertyInsert(
            "degreeFrom", "doctoralDegreeFrom", "mastersDegreeFrom", "undergraduateDegreeFrom"));
  }

  private static String typeInsert(String type, String... subtypes) {
    return PREFIX
        + "INSERT { GRAPH <lubm> { ?x a ub:"
        + type
        + " } } WHERE { GRAPH <lubm> { "
        + union("?x a ub:%s", subtypes)
        + " } }";
  }

  private static String propertyInsert(String property, String... subproperties) {
    return PREFIX
        + "INSERT { GRAPH <lubm> { ?x ub:"
        + property
        + " ?z } } WHERE { GRAPH <lubm> { "
        + union("?x ub:%s ?z", subproperties)
        + " } }";
  }

  /** Triples in {@code <lubm>} once the ten inserts are done. */
  public static final long PHYSICAL_TRIPLES = 123_249;
}
