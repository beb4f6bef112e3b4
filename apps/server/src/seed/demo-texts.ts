/** What staff write in notes: realistic English rather than lorem ipsum, so screens read true. */

export const lessonQuestions = [
  'Asked what happens to people who never heard about Jesus.',
  'Wants to know why most churches worship on Sunday.',
  'Question on Daniel 2: who is the stone cut without hands?',
  'Found this lesson very encouraging and shared it with her sister.',
  'Asked for a large-print Bible.',
  'Not sure about the millennium; would like to talk it through.',
  'Wrote a long, thoughtful answer to the last question.',
  'Asked whether baptism by sprinkling counts.',
  'Would like a visit to go over this lesson together.',
  'His wife is studying along with him now.',
  'Left two questions blank; may need help with the reading.',
  'Asked where to find the verses in an older translation.',
  'Says the lesson on prayer changed how he starts his day.',
  'Wants to know if her late husband is in heaven now.',
];

export const prayerRequests = [
  'Please pray for my mother, who is in hospital.',
  'Pray for my son, who is struggling with addiction.',
  'Please pray that I find work soon.',
  'Pray for healing after my back surgery.',
  'Please pray for my marriage.',
  'Pray for peace in our family.',
  'Pray that my grandchildren come to know Jesus.',
  'Please pray for strength to quit smoking.',
  'Pray for my daughter serving overseas.',
  'Please pray for our neighbour who lost her home in a fire.',
];

export const visitNotes = [
  'Visited at home; studied the lesson together at the kitchen table.',
  'Met after the Sabbath service and talked about the lessons.',
  'Brought the next two lessons in person; student was glad to see us.',
  'Short visit on the porch; student is busy with family but wants to continue.',
  'Prayed together; student asked about joining a small group.',
  'Visited with Pastor; discussed baptism classes.',
];

export const reminderNotes = [
  'Call to see how the lessons are going.',
  'Follow up about the baptism class.',
  'Send the next lesson if the last one has not come back.',
  'Check whether the Bible arrived.',
  'Invite to the next seminar.',
  'Ask about the prayer request for her mother.',
];

export const studentNotes = [
  'Prefers to be called in the evening.',
  'Moved in with her daughter; update the address if mail comes back.',
  'Hard of hearing: speak slowly on the phone.',
  'Heard about the school from a radio programme.',
  'Works night shifts; visits only on weekends.',
  'Spanish is her first language; English lessons are fine.',
];

export const attendanceNotes = [
  'Came with a friend from work.',
  'Stayed after the presentation with questions about the mark of the beast.',
  'Asked for the notes of the presentation she missed.',
  'Brought his two teenage children.',
];

export const interestSources = ['api', 'csv', 'manual'] as const;

export const closedReasons = ['Not interested any more', 'Duplicate request', 'Could not be reached', 'Moved away'];
